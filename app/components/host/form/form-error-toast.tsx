import { useEffect } from "react";
import { toast } from "sonner";
import type { Refusal } from "@common/refusal";

/** The server's refusal of the whole form ("Erro ao cadastrar propriedade", …) as the spec's destructive toast. */
export function FormErrorToast({ refusal }: { refusal?: Refusal }) {
  useEffect(() => {
    if (refusal) toast.error(refusal.title, refusal.description ? { description: refusal.description } : undefined);
  }, [refusal]);
  return null;
}
