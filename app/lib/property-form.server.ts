import { data, type AppLoadContext } from "react-router";
import { validateProperty, type FieldErrors, type PropertyInput } from "@common/property-form";
import { whatsappNumber } from "@common/whatsapp";
import { getViewer, type ViewerUser } from "./auth.server";

export interface PropertyFormFailure {
  ok: false;
  errors: FieldErrors;
  /** "Title: description", shown as a toast. */
  message?: string;
}

/** An answer to the form that the page shows (returned, so the form keeps what was typed). */
export function formFailure(status: number, failure: { errors?: FieldErrors; message?: string }) {
  return data({ ok: false, errors: failure.errors ?? {}, ...(failure.message && { message: failure.message }) } satisfies PropertyFormFailure, { status });
}

type Checked<T> = { ok: true; value: T } | { ok: false; response: ReturnType<typeof formFailure> };

/** The posted property form checked on the server (full phone metadata), or a 422 with every field's message. */
export async function readPropertyForm(request: Request): Promise<Checked<PropertyInput>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, response: formFailure(400, { message: "Formulário inválido: Recarregue a página e tente novamente." }) };
  }
  const result = validateProperty(form, whatsappNumber);
  return result.ok ? result : { ok: false, response: formFailure(422, { errors: result.errors }) };
}

/** Host actions on listings: the signed-in host, or the spec's authentication error ("Title: description"). */
export async function hostForAction(
  context: AppLoadContext,
  message: string,
): Promise<{ ok: true; value: ViewerUser } | { ok: false; status: 401 | 403; message: string }> {
  const viewer = await getViewer(context);
  if (!viewer) return { ok: false, status: 401, message: `Erro de autenticação: ${message}` };
  if (viewer.userType !== "host") return { ok: false, status: 403, message: "Acesso negado: Apenas anfitriões podem gerenciar propriedades." };
  return { ok: true, value: viewer };
}
