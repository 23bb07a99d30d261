import { useEffect } from "react";
import { toast } from "sonner";

/** The server's refusal of the whole form ("Erro ao cadastrar propriedade: …") as the spec's destructive toast. */
export function FormErrorToast({ result }: { result?: { message?: string } }) {
  useEffect(() => {
    if (!result?.message) return;
    const [title, ...rest] = result.message.split(": ");
    toast.error(title!, rest.length ? { description: rest.join(": ") } : undefined);
  }, [result]);
  return null;
}
