import { data } from "react-router";
import type { Route } from "./+types/api-assinatura-checkout";
import { billingPageAction } from "~/lib/billing.server";

export function action({ request, context }: Route.ActionArgs) {
  return billingPageAction(request, context, "checkout");
}

export function loader() {
  throw data(null, { status: 405 });
}
