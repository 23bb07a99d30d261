import { useEffect } from "react";
import { notify } from "~/components/ui/toasts";
import type { Refusal } from "@common/refusal";

/** The server's refusal of the whole form ("Erro ao cadastrar propriedade", …) as the spec's destructive toast. */
export function FormErrorToast({ refusal }: { refusal?: Refusal }) {
  useEffect(() => {
    if (refusal) notify.error(refusal.title, refusal.description ? { description: refusal.description } : undefined);
  }, [refusal]);
  return null;
}
