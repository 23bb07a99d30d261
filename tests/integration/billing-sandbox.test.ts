import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planFor } from "../../server/billing/status";
import { billingCustomers, billingEvents, sandboxSubscriptions, subscriptions, users } from "../../server/db/schema";
import { signedInAs, signUpViaForm } from "../support/accounts";
import { useTestApp } from "../support/app";
import { billingUrl } from "../support/billing";
import { engine } from "../support/database";
import { Client } from "../support/http";

const pathOf = (url: string) => new URL(url).pathname;

describe(`billing without Stripe keys: the local sandbox (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;

  it("a host outside the promotion subscribes through the test checkout, then cancels in the test portal and keeps Premium until the period ends", async () => {
    const { client: host, id: userId } = await signedInAs(t.app, "host", { email: "assinante@example.com" });
    expect((await (await host.get("/api/assinatura")).json()).subscribed).toBe(false);

    const checkout = await billingUrl(host, t.app.url, "checkout");
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${t.app.url}/assinatura/teste/checkout/`));

    const page = await host.get(pathOf(url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Ambiente de teste.");
    expect(html).toContain("Recanto Premium · R$\u00a039,90/mês");

    const approved = await host.post(pathOf(url), { intent: "approve" });
    expect(approved.status).toBe(302);
    const success = new URL(approved.headers.get("location")!, t.app.url);
    expect(success.pathname).toBe("/assinatura-sucesso");
    expect(success.searchParams.get("session_id")).toMatch(/^[0-9a-f]{24}$/);

    const status = await (await host.get("/api/assinatura")).json();
    expect(status).toMatchObject({ subscribed: true, subscription_tier: "Premium", is_free_tier: false, is_guest: false });
    const periodEnd = new Date(status.subscription_end).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * 86400_000);
    expect(periodEnd - Date.now()).toBeLessThan(32 * 86400_000);

    // Approving the same checkout again (a double click, a replayed form) creates nothing new.
    await host.post(pathOf(url), { intent: "approve" });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(1);
    const [customer] = await db().select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    expect(await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, customer!.customerId))).toHaveLength(1);

    // Already paying: a second checkout is refused; the portal opens instead.
    const again = await billingUrl(host, t.app.url, "checkout");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Você já é assinante Premium. Use Gerenciar Assinatura para alterar ou cancelar." });

    const portal = await billingUrl(host, t.app.url, "portal");
    expect(portal.status).toBe(200);
    const portalPath = pathOf(((await portal.json()) as { url: string }).url);
    expect(portalPath).toMatch(/^\/assinatura\/teste\/portal\//);
    const portalHtml = await (await host.get(portalPath)).text();
    expect(portalHtml).toContain("Situação: Ativa");
    expect(portalHtml).toContain("Cancelar assinatura");

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const cancelled = await host.post(portalPath, { intent: "cancel", subscriptionId: sub!.id });
    expect(cancelled.status).toBe(302);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(after).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await (await host.get(portalPath)).text()).toContain("Reativar assinatura");

    // Premium lasts through the paid period and is gone after it.
    const viewer = { id: userId, userType: "host" as const };
    expect((await planFor(db(), viewer)).status.subscribed).toBe(true);
    const afterEnd = new Date(after!.currentPeriodEnd!.getTime() + 1000);
    const later = await planFor(db(), viewer, afterEnd);
    expect(later.status).toMatchObject({ subscribed: false, subscription_tier: null });
    expect(later.paid).toMatchObject({ status: "active", cancelAtPeriodEnd: true, givesPremium: false });
    expect(later.canManage).toBe(false);

    // Every change went through the event path, each event recorded once.
    expect((await db().select().from(billingEvents)).map((e) => e.type).sort()).toEqual(["customer.subscription.created", "customer.subscription.updated"]);
  });

  it("a host in the promotion who subscribes early is charged only after the free months", async () => {
    const host = await signUpViaForm(t.app.url, "promo-assina@example.com", "host");
    const promotionEnd = (await (await host.get("/api/assinatura")).json()).subscription_end as string;
    const { url } = (await (await billingUrl(host, t.app.url, "checkout")).json()) as { url: string };
    expect(await (await host.get(pathOf(url))).text()).toMatch(/a primeira cobrança seria em \d{2}\/\d{2}\/\d{4}/);
    await host.post(pathOf(url), { intent: "approve" });
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, "promo-assina@example.com"));
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(sub).toMatchObject({ status: "trialing", currentPeriodEnd: new Date(promotionEnd) });
  });

  it("refuses guests, visitors, other users' links and forged links, and changes nothing", async () => {
    const guest = await signUpViaForm(t.app.url, "cliente@example.com", "guest");
    const guestCheckout = await billingUrl(guest, t.app.url, "checkout");
    expect(guestCheckout.status).toBe(403);
    expect(await guestCheckout.json()).toEqual({ title: "Não necessário", message: "Usuários guest não precisam de assinatura." });
    const guestPortal = await billingUrl(guest, t.app.url, "portal");
    expect(guestPortal.status).toBe(403);
    expect(await guestPortal.json()).toEqual({ title: "Não necessário", message: "Usuários guest não precisam gerenciar assinatura." });

    const visitor = new Client(t.app.url);
    const expired = await billingUrl(visitor, t.app.url, "checkout");
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: "Sua sessão expirou. Faça login novamente." });

    // A plain form post (no script) is sent to log in, or back to the plans page with the message.
    const formPost = await visitor.post("/api/assinatura/checkout", {});
    expect(formPost.status).toBe(302);
    expect(formPost.headers.get("location")).toBe("/login?redirectTo=%2Fplanos");

    // Cross-site posts never reach the endpoint.
    const crossSite = await visitor.request("/api/assinatura/checkout", { method: "POST", headers: { origin: "https://evil.example", accept: "application/json" } });
    expect(crossSite.status).toBe(403);

    const { client: owner, id: ownerId } = await signedInAs(t.app, "host", { email: "dona@example.com" });
    const { client: other, id: otherId } = await signedInAs(t.app, "host", { email: "outra@example.com" });
    // Nothing in the request chooses whose checkout it is: a user id in the body is ignored.
    const own = await owner.post("/api/assinatura/checkout", { userId: otherId }, { accept: "application/json" });
    const link = pathOf(((await own.json()) as { url: string }).url);
    expect(await db().select().from(billingCustomers).where(eq(billingCustomers.userId, otherId))).toHaveLength(0);

    const stolen = await other.post(link, { intent: "approve" });
    expect(stolen.status).toBe(403);
    expect((await other.get(link)).status).toBe(403);
    const anonymous = await visitor.get(link);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);

    const [body, signature] = link.split("/").pop()!.split(".");
    const decoded = JSON.parse(Buffer.from(body!, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...decoded, userId: otherId })).toString("base64url");
    const forged = await other.post(`/assinatura/teste/checkout/${forgedBody}.${signature}`, { intent: "approve" });
    expect(forged.status).toBe(404);
    expect((await other.get(`/assinatura/teste/checkout/${forgedBody}.${signature}`)).status).toBe(404);
    // A checkout link is not a portal link.
    expect((await owner.get(link.replace("/checkout/", "/portal/"))).status).toBe(404);

    for (const id of [otherId, ownerId]) expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(0);
    const [ownerCustomer] = await db().select().from(billingCustomers).where(eq(billingCustomers.userId, ownerId));
    expect(await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, ownerCustomer!.customerId))).toHaveLength(0);
    const portal = await billingUrl(other, t.app.url, "portal");
    expect(portal.status).toBe(409);
  });

  it("has no Stripe webhook to forge events through", async () => {
    const res = await fetch(`${t.app.url}/api/stripe/webhook`, { method: "POST", body: JSON.stringify({ id: "evt_1", type: "customer.subscription.created" }), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(404);
    expect(await db().select().from(billingEvents).where(eq(billingEvents.id, "evt_1"))).toHaveLength(0);
  });

  it("the data export shows the subscription; deleting the account cancels it first", async () => {
    const { client: host, id: userId } = await signedInAs(t.app, "host", { email: "sai@example.com" });
    const { url } = (await (await billingUrl(host, t.app.url, "checkout")).json()) as { url: string };
    await host.post(pathOf(url), { intent: "approve" });

    const exported = await (await host.get("/perfil/dados")).json();
    expect(exported.billing.plan).toMatchObject({ subscribed: true, subscription_tier: "Premium" });
    expect(exported.billing.customer.provider).toBe("sandbox");
    expect(exported.billing.subscriptions).toEqual([expect.objectContaining({ status: "active", cancelAtPeriodEnd: false })]);

    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const res = await host.post("/perfil", { intent: "delete-account", confirmEmail: "sai@example.com" });
    expect(res.status).toBe(302);
    expect(await db().select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
    const [atProvider] = await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, sub!.id));
    expect(atProvider!.status).toBe("canceled");
  });
});
