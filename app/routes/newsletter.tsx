import { Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { fieldRefusal, refused } from "@common/refusal";
import { validateEmail } from "@common/validation/accounts";
import { subscribe, SUBSCRIBE_MESSAGE } from "@server/newsletter/newsletter";
import { readForm } from "~/lib/form";
import { overLimit } from "~/lib/rate-limit.server";
import { refusalData } from "~/lib/refusal.server";

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const form = await readForm(request);
  const email = validateEmail(form.email);
  if (!email.ok) return refusalData(fieldRefusal(email));
  const limited = await overLimit(context, "newsletter", email.data);
  if (limited) return refusalData(limited);
  try {
    await subscribe(services, email.data);
    return { ok: true as const, message: SUBSCRIBE_MESSAGE };
  } catch (err) {
    services.logger.error({ err }, "newsletter subscription failed");
    return refusalData(refused(500, "Não foi possível concluir a inscrição. Tente novamente."));
  }
}

/** Without JavaScript the footer form posts here and this page shows the answer. */
export default function NewsletterResult({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Newsletter</h1>
      <p role="status" className="mt-4">
        {actionData ? (actionData.ok ? actionData.message : actionData.title) : "Inscreva-se pelo formulário no rodapé para receber novos refúgios e dicas de viagem."}
      </p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-300">
        Voltar ao início
      </Link>
    </div>
  );
}
