import { data } from "react-router";
import { locationCheck } from "@common/cities";
import { validateProperty, type FieldErrors, type PropertyInput } from "@common/property-form";
import { refusalOf, type Refusal } from "@common/refusal";
import { whatsappNumber } from "@common/whatsapp";
import { municipalities } from "@server/cities/cities";
import { postedForm } from "./form";

/** An answer to the property form that the page shows (returned, so the form keeps what was typed): field messages, or a refusal of the whole form as a toast. */
export interface PropertyFormFailure {
  ok: false;
  errors: FieldErrors;
  refusal?: Refusal;
}

export function formFailure(failure: { errors: FieldErrors; status: number } | Refusal) {
  const body: PropertyFormFailure = "errors" in failure ? { ok: false, errors: failure.errors } : { ok: false, errors: {}, refusal: refusalOf(failure) };
  return data(body, { status: failure.status });
}

/**
 * The posted property form checked on the server (full phone metadata, every municipality), or a
 * 422 with every field's message. `storedLocation`: the listing's location when editing, kept as
 * it is while unchanged even if it names no municipality (rows older than the rule).
 */
export async function readPropertyForm(request: Request, storedLocation?: string): Promise<{ ok: true; value: PropertyInput } | { ok: false; response: ReturnType<typeof formFailure> }> {
  const form = await postedForm(request);
  if (!form) return { ok: false, response: formFailure({ status: 400, title: "Formulário inválido", description: "Recarregue a página e tente novamente." }) };
  const result = validateProperty(form, whatsappNumber, locationCheck(municipalities(), storedLocation));
  return result.ok ? { ok: true, value: result.value } : { ok: false, response: formFailure({ status: 422, errors: result.errors }) };
}

/** How the host's listing actions word a missing session or a guest's attempt (spec §5). */
export const hostGuardTexts = (loggedOut: string) => ({ loggedOut: { title: "Erro de autenticação", description: loggedOut } });
