import { data } from "react-router";
import type { Route } from "./+types/api-stripe-webhook";

/** Stripe's signed events. Bad signatures get 400 and change nothing; failures 500, so Stripe retries. */
export async function action({ request, context }: Route.ActionArgs) {
  const { billing, stripe, logger } = context.services;
  if (!stripe) throw data(null, { status: 404 });
  const payload = await request.text();
  let event;
  try {
    event = await stripe.parseWebhook(payload, request.headers.get("stripe-signature") ?? "");
  } catch (err) {
    logger.warn({ err }, "stripe webhook refused: signature does not match");
    return data({ error: "Assinatura do webhook inválida." }, { status: 400 });
  }
  try {
    const outcome = await billing.applyEvent(event);
    logger.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
    return { received: true, outcome };
  } catch (err) {
    logger.error({ err, eventId: event.id, type: event.type }, "stripe webhook failed");
    return data({ error: "Falha ao processar o evento." }, { status: 500 });
  }
}

export function loader() {
  throw data(null, { status: 405 });
}
