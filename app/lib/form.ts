import { data } from "react-router";
import { refusalJson, refused } from "@common/refusal";

/** Form fields as plain strings (files and repeated keys are not used by these forms). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** The named fields as posted, for a refusal to draw the form again as it was typed (never name a password). */
export function sentFields(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (fields[name] === undefined ? [] : [[name, fields[name]]])));
}

/** What a refused form sent back to be shown again (see refusalData); nothing otherwise. */
export function typedFields(actionData: { ok: boolean; typed?: Record<string, string> } | undefined): Record<string, string> {
  return actionData && !actionData.ok ? (actionData.typed ?? {}) : {};
}

/** A GET form's fields as the URL would carry them, repeated keys included (checkbox groups). */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return params;
}

/**
 * The posted form, or null when the body is not a form at all or a field holds a NUL character
 * (no text we keep may contain one; PostgreSQL refuses it).
 */
export async function postedForm(request: Request): Promise<FormData | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  for (const [key, value] of form) if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) return null;
  return form;
}

/** The posted form's fields, or a 400 with a Portuguese message when it is not a usable form. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await postedForm(request);
  if (!form) throw data(refusalJson(refused(400, "Formulário inválido. Recarregue a página e tente novamente.")), { status: 400 });
  return formFields(form);
}
