import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter";
import { validateEmail } from "@common/validation/accounts";
import { rateLimitMessage } from "@server/http/rate-limit";
import { NEWSLETTER_MESSAGES, subscribe } from "@server/newsletter/newsletter";
import { readForm } from "~/lib/form";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context;
  const form = await readForm(request);
  const email = validateEmail(form.email);
  if (!email.ok) return data({ ok: false as const, message: email.message }, { status: 400 });
  const wait = await services.limiter.consume("newsletter", { ip: clientIp, email: email.data });
  if (wait) return data({ ok: false as const, message: rateLimitMessage(wait) }, { status: 429 });
  try {
    const outcome = await subscribe(services.database.db, services.mailer, services.config.BASE_URL, email.data);
    return { ok: true as const, message: NEWSLETTER_MESSAGES[outcome] };
  } catch (err) {
    services.logger.error({ err }, "newsletter subscription failed");
    return data({ ok: false as const, message: "Não foi possível concluir a inscrição. Tente novamente." }, { status: 500 });
  }
}

/** Without JavaScript the footer form posts here and this page shows the answer. */
export default function NewsletterResult({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Newsletter</h1>
      <p role="status" className="mt-4">
        {actionData?.message ?? "Inscreva-se pelo formulário no rodapé para receber novos refúgios e dicas de viagem."}
      </p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-700 underline dark:text-brand-300">
        Voltar ao início
      </Link>
    </div>
  );
}
