import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  method: string;
  path: string;
  /** The form body as Stripe's SDK encodes it: `line_items[0][price_data][currency]` → "brl". */
  body: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

type Json = Record<string, unknown>;

/** A Stripe subscription object in the shape of the API version the SDK pins. */
export function stripeSubscription(id: string, customer: string, status: string, periodEnd: Date, extra: Json = {}): Json {
  const end = Math.floor(periodEnd.getTime() / 1000);
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at: null,
    cancel_at_period_end: false,
    items: { object: "list", data: [{ id: `si_${id}`, object: "subscription_item", current_period_start: end - 30 * 86400, current_period_end: end }] },
    ...extra,
  };
}

/**
 * A local stand-in for the parts of Stripe's API we call, speaking its wire format (form-encoded
 * requests, JSON answers, its error shape). Tests read what was asked and set what it answers.
 */
export async function startStripeStub() {
  const requests: StubRequest[] = [];
  const subscriptions = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  let failures = 0;
  let counter = 0;
  const next = (prefix: string) => `${prefix}_${++counter}`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ method: req.method!, path, body: Object.fromEntries(new URLSearchParams(raw)), headers: req.headers });
      const send = (status: number, body: Json) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": next("req") });
        res.end(JSON.stringify(body));
      };
      const missing = (what: string) => send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
      if (failures > 0) {
        failures -= 1;
        return send(400, { error: { type: "invalid_request_error", message: "Stub failure" } });
      }
      const body = Object.fromEntries(new URLSearchParams(raw));
      const route = `${req.method} ${path}`;
      const id = path.split("/").pop()!;
      if (route === "POST /v1/customers") return send(200, { id: next("cus"), object: "customer", email: body.email });
      if (route === "POST /v1/checkout/sessions") {
        const session = { id: next("cs_test"), object: "checkout.session", mode: body.mode, customer: body.customer, client_reference_id: body.client_reference_id, subscription: null };
        checkoutSessions.set(session.id, session);
        return send(200, { ...session, url: `https://checkout.stripe.test/c/pay/${session.id}` });
      }
      if (/^GET \/v1\/checkout\/sessions\/[^/]+$/.test(route)) {
        const session = checkoutSessions.get(id);
        return session ? send(200, session) : missing("checkout.session");
      }
      if (route === "POST /v1/billing_portal/sessions") {
        const portalId = next("bps");
        return send(200, { id: portalId, object: "billing_portal.session", customer: body.customer, url: `https://billing.stripe.test/p/session/${portalId}` });
      }
      if (/^(GET|DELETE) \/v1\/subscriptions\/[^/]+$/.test(route)) {
        const sub = subscriptions.get(id);
        if (!sub) return missing("subscription");
        if (req.method === "DELETE") sub.status = "canceled";
        return send(200, sub);
      }
      missing(`route ${route}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    subscriptions,
    checkoutSessions,
    /** The next `count` requests answer with a Stripe error. */
    fail(count = 1) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
