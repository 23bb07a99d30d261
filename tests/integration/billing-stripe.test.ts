import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptionStatus } from "../../server/billing/status";
import { billingCustomers, billingEvents, subscriptions } from "../../server/db/schema";
import { signedInAs, signUpViaForm } from "../support/accounts";
import { startTestApp, type TestApp } from "../support/app";
import { billingUrl } from "../support/billing";
import { engine } from "../support/database";
import { Client } from "../support/http";
import { startStripeStub, stripeSubscription } from "../support/stripe-stub";

const WEBHOOK_SECRET = "whsec_recanto_test";
const signer = new Stripe("sk_test_signer");
const inAMonth = () => new Date(Date.now() + 30 * 86400_000);

describe(`billing with Stripe, against a local stand-in of its API (${engine})`, () => {
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let app: TestApp;
  let events = 0;
  const db = () => app.database.db;

  beforeAll(async () => {
    stub = await startStripeStub();
    app = await startTestApp({ STRIPE_SECRET_KEY: "sk_test_recanto", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stub.url });
  });
  afterAll(async () => {
    await app?.close();
    await stub?.close();
  });

  /** An event as Stripe would send it about `object`, signed with `secret`. */
  function signedEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    events += 1;
    const payload = JSON.stringify({ id: `evt_test_${events}`, object: "event", type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  const deliver = (event: { payload: string; signature?: string }) =>
    fetch(`${app.url}/api/stripe/webhook`, {
      method: "POST",
      body: event.payload,
      headers: { "content-type": "application/json", ...(event.signature !== undefined && { "stripe-signature": event.signature }) },
    });

  /** A host outside the promotion with a Stripe customer (made by their first checkout). */
  async function customerHost(email: string) {
    const host = await signedInAs(app, "host", { email });
    expect((await billingUrl(host.client, app.url, "checkout")).status).toBe(200);
    const [row] = await db().select().from(billingCustomers).where(eq(billingCustomers.userId, host.id));
    return { client: host.client, userId: host.id, customerId: row!.customerId };
  }

  const subscriptionOf = async (userId: string) => (await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

  it("creates the checkout in subscription mode, BRL 39,90 a month, for the host's own customer, with our return URLs", async () => {
    const { client, id: userId } = await signedInAs(app, "host", { email: "stripe-host@example.com" });
    const before = stub.requests.length;
    const res = await billingUrl(client, app.url, "checkout");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/) });

    const [customer, checkout] = stub.requests.slice(before);
    expect(customer).toMatchObject({ method: "POST", path: "/v1/customers", body: { email: "stripe-host@example.com", "metadata[userId]": userId } });
    expect(customer!.headers["idempotency-key"]).toBe(`customer-${userId}`);
    expect(customer!.headers.authorization).toBe("Bearer sk_test_recanto");
    const [stored] = await db().select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    expect(stored).toMatchObject({ provider: "stripe", customerId: expect.stringMatching(/^cus_\d+$/) });
    expect(checkout).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(checkout!.body).toMatchObject({
      mode: "subscription",
      customer: stored!.customerId,
      client_reference_id: userId,
      locale: "pt-BR",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": "3990",
      "line_items[0][price_data][recurring][interval]": "month",
      success_url: `${app.url}/assinatura-sucesso?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/planos?checkout=cancelado`,
    });
    expect(checkout!.body["subscription_data[trial_end]"]).toBeUndefined();

    // A second checkout reuses the customer.
    await billingUrl(client, app.url, "checkout");
    expect(stub.requests.slice(before).filter((r) => r.path === "/v1/customers")).toHaveLength(1);
  });

  it("a host still in the promotion who subscribes is first charged when the promotion ends", async () => {
    const client = await signUpViaForm(app.url, "stripe-promo@example.com", "host");
    const promotionEnd = new Date((await (await client.get("/api/assinatura")).json()).subscription_end);
    await billingUrl(client, app.url, "checkout");
    const checkout = stub.requests.filter((r) => r.path === "/v1/checkout/sessions").pop()!;
    expect(checkout.body["subscription_data[trial_end]"]).toBe(String(promotionEnd.getTime() / 1000));
  });

  it("opens the portal for the host's customer and returns to /planos; guests and visitors are refused", async () => {
    const { client, customerId } = await customerHost("portal@example.com");
    const res = await billingUrl(client, app.url, "portal");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) });
    expect(stub.requests.at(-1)).toMatchObject({ path: "/v1/billing_portal/sessions", body: { customer: customerId, return_url: `${app.url}/planos`, locale: "pt-BR" } });

    const before = stub.requests.length;
    const guest = await signUpViaForm(app.url, "stripe-guest@example.com", "guest");
    expect((await billingUrl(guest, app.url, "checkout")).status).toBe(403);
    expect((await billingUrl(guest, app.url, "portal")).status).toBe(403);
    expect((await billingUrl(new Client(app.url), app.url, "portal")).status).toBe(401);
    expect(stub.requests.length).toBe(before); // Stripe was never asked
  });

  it("when Stripe fails, says so in the spec's words", async () => {
    const { client } = await customerHost("falha@example.com");
    stub.fail(1);
    const checkout = await billingUrl(client, app.url, "checkout");
    expect(checkout.status).toBe(502);
    expect(await checkout.json()).toEqual({ message: "Não foi possível iniciar o processo de pagamento. Tente novamente." });
    stub.fail(1);
    const portal = await billingUrl(client, app.url, "portal");
    expect(portal.status).toBe(502);
    expect(await portal.json()).toEqual({ message: "Não foi possível abrir o portal de gerenciamento. Tente novamente." });
  });

  it("applies a signed subscription event; the same event again changes nothing", async () => {
    const { userId, customerId } = await customerHost("webhook@example.com");
    const sub = stripeSubscription("sub_webhook", customerId, "active", inAMonth());
    stub.subscriptions.set("sub_webhook", sub);
    const event = signedEvent("customer.subscription.created", sub);

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    expect(await subscriptionOf(userId)).toMatchObject({ id: "sub_webhook", status: "active", cancelAtPeriodEnd: false });

    // Stripe delivers it again after we changed the record: the redelivery is recognised and ignored.
    await db().update(subscriptions).set({ status: "marker" }).where(eq(subscriptions.id, "sub_webhook"));
    const again = await deliver(event);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await subscriptionOf(userId))!.status).toBe("marker");
    expect(await db().select().from(billingEvents).where(eq(billingEvents.id, JSON.parse(event.payload).id))).toHaveLength(1);
  });

  it("applies simultaneous redeliveries of one event exactly once", async () => {
    const { userId, customerId } = await customerHost("simultaneo@example.com");
    const sub = stripeSubscription("sub_parallel", customerId, "active", inAMonth());
    stub.subscriptions.set("sub_parallel", sub);
    const event = signedEvent("customer.subscription.created", sub);
    const outcomes = await Promise.all(Array.from({ length: 5 }, async () => ((await (await deliver(event)).json()) as { outcome: string }).outcome));
    expect(outcomes.sort()).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect((await subscriptionOf(userId))!.status).toBe("active");
  });

  it("ends in Stripe's current state whatever order the events arrive in", async () => {
    const { userId, customerId } = await customerHost("ordem@example.com");
    const end = inAMonth();
    const created = signedEvent("customer.subscription.created", stripeSubscription("sub_order", customerId, "active", end));
    const scheduled = signedEvent("customer.subscription.updated", stripeSubscription("sub_order", customerId, "active", end, { cancel_at_period_end: true }));
    const deleted = signedEvent("customer.subscription.deleted", stripeSubscription("sub_order", customerId, "canceled", end));
    stub.subscriptions.set("sub_order", stripeSubscription("sub_order", customerId, "canceled", end));

    // The newest event first, then the older ones late: the stale payloads must not revive it.
    for (const event of [deleted, created, scheduled]) expect((await deliver(event)).status).toBe(200);
    expect(await subscriptionOf(userId)).toMatchObject({ status: "canceled" });
    expect((await subscriptionStatus(db(), { id: userId, userType: "host" })).subscribed).toBe(false);
  });

  it("refuses bad signatures, forged bodies and unsigned posts, and changes nothing", async () => {
    const { userId, customerId } = await customerHost("forjado@example.com");
    const sub = stripeSubscription("sub_forged", customerId, "active", inAMonth());
    stub.subscriptions.set("sub_forged", sub);
    const eventsBefore = (await db().select().from(billingEvents)).length;

    const wrongSecret = signedEvent("customer.subscription.created", sub, "whsec_someone_else");
    const genuine = signedEvent("customer.subscription.created", sub);
    const forgedBody = { payload: genuine.payload.replace('"active"', '"trialing"'), signature: genuine.signature };
    for (const attempt of [wrongSecret, forgedBody, { payload: genuine.payload }, { payload: "not json", signature: genuine.signature }]) {
      const res = await deliver(attempt);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Assinatura do webhook inválida." });
    }
    expect(await subscriptionOf(userId)).toBeUndefined();
    expect((await db().select().from(billingEvents)).length).toBe(eventsBefore);
  });

  it("an event about a subscription Stripe cannot find, or about another account's customer, stores nothing", async () => {
    const unknown = signedEvent("customer.subscription.updated", stripeSubscription("sub_nowhere", "cus_nowhere", "active", inAMonth()));
    expect(await (await deliver(unknown)).json()).toEqual({ received: true, outcome: "applied" });
    stub.subscriptions.set("sub_stranger", stripeSubscription("sub_stranger", "cus_stranger", "active", inAMonth()));
    await deliver(signedEvent("customer.subscription.created", stub.subscriptions.get("sub_stranger")!));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.id, "sub_nowhere"))).toHaveLength(0);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.id, "sub_stranger"))).toHaveLength(0);
  });

  it("deleting the account cancels the Stripe subscription first", async () => {
    const { client, userId, customerId } = await customerHost("apagar@example.com");
    stub.subscriptions.set("sub_gone", stripeSubscription("sub_gone", customerId, "active", inAMonth()));
    await deliver(signedEvent("customer.subscription.created", stub.subscriptions.get("sub_gone")!));
    const res = await client.post("/perfil", { intent: "delete-account", confirmEmail: "apagar@example.com" });
    expect(res.status).toBe(302);
    expect(stub.requests.some((r) => r.method === "DELETE" && r.path === "/v1/subscriptions/sub_gone")).toBe(true);
    expect(stub.subscriptions.get("sub_gone")!.status).toBe("canceled");
    expect(await subscriptionOf(userId)).toBeUndefined();
  });

  it("keeps the account when Stripe cannot cancel the subscription", async () => {
    const { client, userId, customerId } = await customerHost("fica@example.com");
    stub.subscriptions.set("sub_stays", stripeSubscription("sub_stays", customerId, "active", inAMonth()));
    await deliver(signedEvent("customer.subscription.created", stub.subscriptions.get("sub_stays")!));
    stub.fail(1);
    const res = await client.post("/perfil", { intent: "delete-account", confirmEmail: "fica@example.com" });
    expect(res.status).toBe(502);
    expect(await subscriptionOf(userId)).toMatchObject({ status: "active" });
  });


  it("the success page reads the host's own finished checkout before the webhook arrives, and ignores anyone else's", async () => {
    const { client, userId, customerId } = await customerHost("sucesso@example.com");
    const sessionId = [...stub.checkoutSessions.values()].find((session) => session.client_reference_id === userId)!.id as string;
    stub.checkoutSessions.get(sessionId)!.subscription = "sub_success";
    stub.subscriptions.set("sub_success", stripeSubscription("sub_success", customerId, "active", inAMonth()));

    const intruder = await signedInAs(app, "host", { email: "intrusa@example.com" });
    const stolen = await intruder.client.get(`/assinatura-sucesso?session_id=${sessionId}`);
    expect(stolen.status).toBe(200);
    expect(await stolen.text()).toContain("Seu pagamento está sendo confirmado.");
    expect(await db().select().from(subscriptions).where(eq(subscriptions.id, "sub_success"))).toHaveLength(0);

    const page = await client.get(`/assinatura-sucesso?session_id=${sessionId}`);
    expect(await page.text()).toContain("Assinatura confirmada!");
    expect(await subscriptionOf(userId)).toMatchObject({ id: "sub_success", status: "active" });

    // Unknown or malformed ids: the page still answers, and malformed ones never reach Stripe.
    const before = stub.requests.length;
    expect((await client.get("/assinatura-sucesso?session_id=cs_test_nao_existe")).status).toBe(200);
    expect((await client.get("/assinatura-sucesso?session_id=../../v1/customers")).status).toBe(200);
    expect(stub.requests.slice(before).map((r) => r.path)).toEqual(["/v1/checkout/sessions/cs_test_nao_existe"]);
  });
});
