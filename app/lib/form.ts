/** Form fields as plain strings (files and repeated keys are not used by these forms). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

export type FormError = { ok: false; message: string; field?: string };
