import { data } from "react-router";
import { refusalJson, refused } from "@common/refusal";

/** Form fields as plain strings (files and repeated keys are not used by these forms). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** The posted form, or a 400 with a Portuguese message when the body is not a form at all. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  try {
    return formFields(await request.formData());
  } catch {
    throw data(refusalJson(refused(400, "Formulário inválido. Recarregue a página e tente novamente.")), { status: 400 });
  }
}
