import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotionGrants, subscriptions, users } from "../../server/db/schema";
import { useTestApp } from "../support/app";
import { createTestAccount, signIn, signUpViaForm } from "../support/accounts";
import { engine } from "../support/database";
import { Client } from "../support/http";

/** 00:00 of 16/03/2030 in Brasília: the promotion's last free day is 15/03/2030. */
const PROMOTION_ENDS = new Date("2030-03-16T03:00:00Z");
/** A paid period ending at 14:00 on 20/07/2030 in Brasília. */
const PERIOD_END = new Date("2030-07-20T17:00:00Z");
/** 'Gerenciar Assinatura' as a plain form that opens the portal in a new tab. */
const PORTAL_FORM = /<form(?=[^>]*action="\/api\/assinatura\/portal")(?=[^>]*method="post")(?=[^>]*target="_blank")[^>]*><button type="submit"[^>]*>Gerenciar Assinatura<\/button><\/form>/;
/** The checkout as a plain form that opens it in a new tab (works without JavaScript), its button reading `label`. */
const checkoutForm = (label: string) =>
  new RegExp(`<form(?=[^>]*action="/api/assinatura/checkout")(?=[^>]*method="post")(?=[^>]*target="_blank")[^>]*><button type="submit"[^>]*>${label}</button></form>`);
/** 'Assinar Agora': the checkout for a host outside the promotion. */
const CHECKOUT_FORM = checkoutForm("Assinar Agora");

/** The page's text as a reader sees it: no tags or React's text separators, plain spaces. */
function textOf(html: string) {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ");
}

/** The HTML of one plan card (the free card ends where the Premium card starts). */
function card(html: string, plan: "gratuito" | "premium") {
  const premium = html.indexOf('aria-labelledby="plano-premium"');
  return plan === "gratuito" ? html.slice(html.indexOf('aria-labelledby="plano-gratuito"'), premium) : html.slice(premium);
}

describe(`plans, subscription success and add-property pages (${engine})`, () => {
  const t = useTestApp();

  /**
   * A signed-in account made directly (sign-ups through the form are rate limited per address, and
   * do not give a promotion slot this way): `promotion` gives a host one ending at PROMOTION_ENDS, or ended.
   */
  async function account(userType: "guest" | "host", promotion: "none" | "active" | "ended" = "none", paid?: Partial<typeof subscriptions.$inferInsert>) {
    const db = t.app.database.db;
    const user = await createTestAccount(t.app, userType === "host" && promotion !== "none" ? "premium-host" : userType);
    if (promotion !== "none") {
      const endsAt = promotion === "active" ? PROMOTION_ENDS : new Date("2025-01-11T03:00:00Z");
      await db.update(promotionGrants).set({ endsAt }).where(eq(promotionGrants.userId, user.id));
    }
    if (paid) {
      // As the billing webhooks leave it.
      await db.insert(subscriptions).values({ id: `sub_${user.id}`, userId: user.id, status: "active", currentPeriodEnd: PERIOD_END, ...paid });
    }
    return signIn(t.app, user.email);
  }

  async function page(client: Client, path: string) {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    const html = await res.text();
    return { html, text: textOf(html) };
  }

  it("/planos logged out: restricted, with a login link that comes back", async () => {
    const { html, text } = await page(new Client(t.app.url), "/planos");
    expect(html).toContain("<title>Planos | Recanto</title>");
    expect(text).toContain("Acesso Restrito");
    expect(html).toContain('href="/login?redirectTo=%2Fplanos"');
    expect(text).not.toContain("Assinar Agora");
  });

  it("/planos for a guest: everything is free, no plans to buy", async () => {
    const { html, text } = await page(await account("guest"), "/planos");
    expect(text).toContain("Usuários guest têm acesso livre a todas as funcionalidades.");
    for (const feature of ["Buscar hospedagens", "Favoritar", "Ver todos os detalhes", "Falar com os anfitriões"]) expect(text).toContain(feature);
    expect(text).toContain("Explorar hospedagens");
    expect(text).not.toContain("Assinar Agora");
    expect(html).not.toContain("/api/assinatura/checkout");
  });

  it("/planos for a host who just signed up: Premium through the promotion, with its last free day", async () => {
    const host = await signUpViaForm(t.app.url, "novo-anfitriao@example.com", "host");
    const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, "novo-anfitriao@example.com"));
    await t.app.database.db.update(promotionGrants).set({ endsAt: PROMOTION_ENDS }).where(eq(promotionGrants.userId, row!.id));
    const { html, text } = await page(host, "/planos");

    expect(text).toContain("R$ 0,00 /mês");
    expect(text).toContain("R$ 39,90 /mês");
    // The plan and its last free day first; then, in one sentence, what happens after it.
    expect(text).toContain(
      "Seu plano: Premium grátis até 15/03/2030 Parabéns! Você está entre os 100 primeiros anfitriões do Recanto. Depois dessa data, você passa para o plano Gratuito, a menos que assine o Premium por R$ 39,90/mês. ",
    );
    expect(textOf(card(html, "premium"))).toContain("Seu Plano");
    expect(textOf(card(html, "premium"))).toContain("6 Meses Grátis");
    expect(textOf(card(html, "gratuito"))).not.toContain("Seu Plano");
    // Nothing that reads as paying now: subscribing during the free months starts the paid plan the day after them.
    expect(text).not.toContain("Assinar Agora");
    expect(card(html, "premium")).toMatch(checkoutForm("Assinar a partir de 16/03/2030"));
    expect(card(html, "gratuito")).toMatch(/<button type="button" disabled\b[^>]*>Plano básico<\/button>/);
    expect(text).not.toContain("propriedades ilimitadas");
    expect(text).not.toContain("Gerenciar Assinatura");
  });

  it("/planos for a host without the promotion: the free plan is theirs, with the tip about unlimited properties", async () => {
    const { html, text } = await page(await account("host"), "/planos");
    expect(textOf(card(html, "gratuito"))).toContain("Seu Plano");
    expect(textOf(card(html, "gratuito"))).toContain("Plano atual");
    expect(textOf(card(html, "premium"))).not.toContain("Seu Plano");
    expect(text).not.toContain("6 Meses Grátis");
    expect(text).not.toContain("Parabéns");
    expect(text).not.toContain("terminaram");
    expect(text).toContain("Com o Premium você cadastra propriedades ilimitadas");
    expect(card(html, "premium")).toMatch(CHECKOUT_FORM);
  });

  it("/planos for a host whose promotion ended: says when, and offers the subscription", async () => {
    const { html, text } = await page(await account("host", "ended"), "/planos");
    expect(text).toContain("Seus 6 meses de Premium grátis terminaram em 10/01/2025.");
    expect(textOf(card(html, "gratuito"))).toContain("Seu Plano");
    expect(text).not.toContain("6 Meses Grátis");
    expect(text).toContain("propriedades ilimitadas");
    expect(card(html, "premium")).toMatch(CHECKOUT_FORM);
  });

  it("/planos for a paying host: Premium is theirs, 'Gerenciar Assinatura' opens the portal", async () => {
    const { html, text } = await page(await account("host", "none", {}), "/planos");
    expect(textOf(card(html, "premium"))).toContain("Seu Plano");
    expect(textOf(card(html, "gratuito"))).not.toContain("Seu Plano");
    expect(card(html, "premium")).toMatch(PORTAL_FORM);
    expect(text).not.toContain("Assinar Agora");
    expect(text).not.toContain("propriedades ilimitadas");
    expect(text).not.toContain("Assinatura cancelada");
    expect(text).not.toContain("Problema no pagamento");
  });

  it("/planos for a paying host who cancelled: Premium until the period's end date", async () => {
    const { html, text } = await page(await account("host", "ended", { cancelAtPeriodEnd: true }), "/planos");
    expect(text).toContain("Assinatura cancelada Seu Premium termina em 20/07/2030.");
    expect(text).not.toContain("terminaram em");
    expect(card(html, "premium")).toMatch(PORTAL_FORM);
  });

  it("/planos when a renewal failed: still Premium, asked to fix the card", async () => {
    const { text } = await page(await account("host", "none", { status: "past_due" }), "/planos");
    expect(text).toContain("Problema no pagamento");
    expect(text).toContain("Gerenciar Assinatura");
  });

  it("/planos for a host in the promotion who already subscribed: the subscription follows the free months", async () => {
    const { html, text } = await page(await account("host", "active", { status: "trialing", currentPeriodEnd: PROMOTION_ENDS }), "/planos");
    expect(text).toContain("Seu plano: Premium grátis até 15/03/2030 Parabéns! Você está entre os 100 primeiros anfitriões do Recanto. Depois dessa data, começa a sua assinatura de R$ 39,90/mês, sem interrupção.");
    expect(textOf(card(html, "premium"))).toContain("6 Meses Grátis");
    expect(card(html, "premium")).toMatch(PORTAL_FORM);
  });

  it("/planos?checkout=cancelado says nothing was charged", async () => {
    const host = await account("host");
    expect((await page(host, "/planos?checkout=cancelado")).text).toContain("Pagamento cancelado Nenhuma cobrança foi feita.");
    expect((await page(host, "/planos")).text).not.toContain("Nenhuma cobrança");
  });

  it("/assinatura-sucesso: login required, guests to /planos, Premium congratulated, otherwise still confirming", async () => {
    const anonymous = await new Client(t.app.url).get("/assinatura-sucesso?session_id=cs_test_1");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/assinatura-sucesso?session_id=cs_test_1")}`);

    const guest = await (await account("guest")).get("/assinatura-sucesso");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/planos");

    const premium = await page(await account("host", "none", {}), "/assinatura-sucesso?session_id=cs_test_2");
    expect(premium.html).toContain("<title>Assinatura confirmada | Recanto</title>");
    expect(premium.text).toContain("Assinatura confirmada!");
    expect(premium.html).toMatch(/href="\/adicionar-propriedade"[^>]*>Cadastrar primeira propriedade</);
    expect(premium.html).toMatch(/href="\/"[^>]*>Voltar ao início</);

    const pending = await page(await account("host"), "/assinatura-sucesso?session_id=cs_test_3");
    expect(pending.text).toContain("Seu pagamento está sendo confirmado.");
    expect(pending.html).toMatch(/href="\/assinatura-sucesso\?session_id=cs_test_3"[^>]*>Atualizar</);
    expect(pending.text).not.toContain("Cadastrar primeira propriedade");
  });

  it("/adicionar-propriedade: restricted when logged out, guests home, Premium required, Premium hosts get the page", async () => {
    const loggedOut = await page(new Client(t.app.url), "/adicionar-propriedade");
    expect(loggedOut.html).toContain("<title>Adicionar Propriedade | Recanto</title>");
    expect(loggedOut.text).toContain("Acesso Restrito");
    expect(loggedOut.html).toContain('href="/login?redirectTo=%2Fadicionar-propriedade"');

    const guest = await (await account("guest")).get("/adicionar-propriedade");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/");

    for (const promotion of ["none", "ended"] as const) {
      const { html, text } = await page(await account("host", promotion), "/adicionar-propriedade");
      expect(html).toContain("<title>Adicionar Propriedade | Recanto</title>");
      expect(text, promotion).toContain("Plano Premium Necessário");
      expect(text).toContain("assine o plano Premium por R$ 39,90/mês");
      expect(html).toMatch(CHECKOUT_FORM);
      expect(html).toMatch(/href="\/planos"[^>]*>Ver planos</);
    }

    for (const [promotion, paid] of [["active", undefined], ["ended", {}]] as const) {
      const premium = await page(await account("host", promotion, paid), "/adicionar-propriedade");
      expect(premium.html).toMatch(/<h1[^>]*>Adicionar Propriedade<\/h1>/);
      expect(premium.text).not.toContain("Plano Premium Necessário");
    }
  });
});
