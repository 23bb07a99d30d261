import type { BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addNights, formatNight, nightOf } from "../../common/nights";
import { reviewInvitationsJob, responseQuestionsJob } from "../../server/jobs/jobs";
import { runJob } from "../../server/jobs/runner";
import { createTestAccount } from "../support/accounts";
import { expectAccessible, hasChromium, useBrowserApp } from "../support/browser";
import { insertProperty } from "../support/factories";
import { waitForMail } from "../support/mail";
import { checkEveryLook, linkIn, loginViaForm, onToWhatsapp, SIZES, waitForHydration, type LookedPage } from "./helpers";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first();
const DAY = 86_400_000;
let nextAddress = 20;

describe.skipIf(!hasChromium)("contacts, stays confirmed by both sides, reviews and responsiveness, in Chromium", () => {
  const t = useBrowserApp({ TRUST_PROXY: "1" });
  const db = () => t.app.services.database.db;
  let host: Awaited<ReturnType<typeof createTestAccount>>;
  let listing: { id: string; slug: string };
  let daysAhead = 0;
  /** Júlia's review form (/avaliar/{stay}), editable for 48 hours after she sends it. */
  let reviewer: { email: string; path: string } | null = null;
  /** The app's clock, moved `days` further: check-out passes, a day goes by after a contact. */
  const moveClock = (days: number) => {
    daysAhead += days;
    const ahead = daysAhead;
    t.app.services.clock.now = () => new Date(Date.now() + ahead * DAY);
  };

  beforeAll(async () => {
    host = await createTestAccount(t.app, "host", { name: "Marina Costa" });
    listing = await insertProperty(db(), host.id, { title: "Cabana do Vale Avaliado", status: "approved", whatsappContact: "5548991234567" });
  });

  /** A browser of its own, on an address of its own (a guest and a host are not one network). */
  async function newPage(options: BrowserContextOptions = {}) {
    const context = await t.browser.newContext({ locale: "pt-BR", viewport: SIZES[1], extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${nextAddress++}` }, ...options });
    await context.route("https://wa.me/**", (route) => route.fulfill({ body: "ok", contentType: "text/plain" }));
    return { context, page: await context.newPage() };
  }

  async function contactFromListing(session: Awaited<ReturnType<typeof newPage>>) {
    await session.page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await waitForHydration(session.page);
    const [tab] = await Promise.all([
      session.context.waitForEvent("page"),
      session.page.getByRole("region", { name: "Preço e contato" }).getByRole("button", { name: "Contatar via WhatsApp" }).click(),
    ]);
    expect((await onToWhatsapp(tab)).pathname).toBe("/5548991234567");
    await tab.close();
  }

  async function rate(page: Page, legend: string, stars: number) {
    // The radio itself is visually hidden: a person clicks its label, the stars.
    await page.getByRole("group", { name: legend }).locator("label").filter({ hasText: new RegExp(`^${stars} estrelas?,`) }).click();
    await expect(page.getByRole("group", { name: legend }).getByRole("radio", { name: new RegExp(`^${stars} estrelas?,`) }).isChecked()).resolves.toBe(true);
  }

  it("a guest contacts, the host states the stay, the guest confirms; after check-out the invitation comes and the review shows on the card and the listing; the host replies", { timeout: 240_000 }, async () => {
    const julia = await createTestAccount(t.app, "guest", { name: "Júlia Prado" });
    const guest = await newPage();
    await loginViaForm(guest.page, t.app, julia.email);
    await contactFromListing(guest);

    // The host finds the contact and states the stay.
    const hostSide = await newPage();
    await loginViaForm(hostSide.page, t.app, host.email);
    await hostSide.page.goto(`${t.app.url}/minhas-propriedades/contatos`);
    const card = hostSide.page.getByRole("article", { name: "Júlia Prado" });
    await card.waitFor();
    const today = nightOf(new Date());
    await card.getByLabel("Entrada").fill(today);
    await card.getByLabel("Saída").fill(addNights(today, 2));
    await expectAccessible(hostSide.page);
    await card.getByRole("button", { name: "Hospedagem confirmada" }).click();
    await toast(hostSide.page, "Hospedagem informada").waitFor();
    await card.getByText("Falta o hóspede confirmar").waitFor();

    // The guest confirms it on their profile.
    await guest.page.goto(`${t.app.url}/perfil`);
    const own = guest.page.getByRole("region", { name: "Meus contatos" }).getByRole("article", { name: "Marina" });
    await own.getByText(`O anfitrião informou a hospedagem de ${formatNight(today)} a ${formatNight(addNights(today, 2))}`).waitFor();
    await own.getByRole("button", { name: "Confirmar hospedagem" }).click();
    await toast(guest.page, "Hospedagem confirmada").waitFor();
    await expect(own.getByRole("link", { name: "Avaliar a hospedagem" }).count()).resolves.toBe(0);

    // Check-out passes: the job sends the invitation, whose link opens the form.
    moveClock(3);
    expect(await runJob(t.app.services, reviewInvitationsJob)).toEqual({ ran: true, count: 1 });
    const invitation = await waitForMail(t.app, julia.email, "Como foi a sua hospedagem em “Cabana do Vale Avaliado”?");
    const reviewLink = linkIn(invitation, "/avaliar/");
    reviewer = { email: julia.email, path: new URL(reviewLink).pathname };
    await guest.page.goto(reviewLink);
    await guest.page.getByRole("heading", { level: 1, name: "Avaliar a hospedagem" }).waitFor();
    await rate(guest.page, "Nota geral", 5);
    for (const legend of ["Limpeza", "Localização", "Comunicação", "Custo-benefício", "Fiel ao anúncio"]) await rate(guest.page, legend, legend === "Localização" ? 4 : 5);
    await guest.page.getByLabel("Conte como foi").fill("Cabana aconchegante, vista linda do vale e a Marina respondeu tudo na hora.");
    await expectAccessible(guest.page);
    await guest.page.getByRole("button", { name: "Publicar avaliação" }).click();
    await guest.page.waitForURL((url) => url.pathname === `/accommodation/${listing.slug}` && url.hash === "#avaliacoes");
    await toast(guest.page, "Avaliação publicada").waitFor();
    const reviews = guest.page.getByRole("region", { name: "Avaliações" });
    await reviews.getByText("Cabana aconchegante, vista linda do vale").waitFor();
    await expect(reviews.getByRole("article", { name: "Avaliação de Júlia" }).innerText()).resolves.toContain(`Hospedou-se em`);
    await guest.page.getByRole("link", { name: "Nota 5,0 de 5 · 1 avaliação" }).waitFor();

    // The card in the results shows it too.
    const visitor = await newPage();
    await visitor.page.goto(`${t.app.url}/?search=${encodeURIComponent("Vale Avaliado")}`);
    const result = visitor.page.locator("main article", { hasText: "Cabana do Vale Avaliado" });
    await expect(result.innerText()).resolves.toMatch(/5,0/);
    await expect(result.innerText()).resolves.not.toContain("Novo");

    // The host replies once, publicly.
    await hostSide.page.goto(`${t.app.url}/minhas-propriedades/contatos`);
    await card.getByLabel("Responder publicamente (uma vez)").fill("Obrigada, Júlia! Volte sempre.");
    await card.getByRole("button", { name: "Publicar resposta" }).click();
    await toast(hostSide.page, "Resposta publicada").waitFor();
    await expect(card.getByRole("button", { name: "Publicar resposta" }).count()).resolves.toBe(0);
    await visitor.page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await visitor.page.getByRole("region", { name: "Avaliações" }).getByText("Obrigada, Júlia! Volte sempre.").waitFor();
    for (const session of [guest, hostSide, visitor]) await session.context.close();
  });

  it("a day after their contacts, three guests say the host answered within the hour: the listing shows the badge", { timeout: 240_000 }, async () => {
    const sessions = [];
    for (const name of ["Ana Lima", "Bruno Reis", "Caio Melo"]) {
      const account = await createTestAccount(t.app, "guest", { name });
      const session = await newPage();
      await loginViaForm(session.page, t.app, account.email);
      await contactFromListing(session);
      sessions.push({ account, session });
    }
    moveClock(1.1);
    // The three, and Júlia's contact of the test before: each asked once.
    expect(await runJob(t.app.services, responseQuestionsJob)).toEqual({ ran: true, count: 4 });
    const question = await waitForMail(t.app, sessions[0]!.account.email, "Marina respondeu sua mensagem?");
    for (const [i, { session }] of sessions.entries()) {
      await session.page.goto(i === 0 ? linkIn(question, "/perfil") : `${t.app.url}/perfil`);
      const asked = session.page.getByRole("region", { name: "O anfitrião respondeu?" });
      if (i === 0) await expectAccessible(session.page);
      await asked.getByRole("button", { name: "Em até 1 hora" }).click();
      await toast(session.page, "Obrigado pela resposta!").waitFor();
      await expect(asked.count()).resolves.toBe(0);
    }
    const visitor = await newPage();
    await visitor.page.goto(`${t.app.url}/accommodation/${listing.slug}`);
    await visitor.page.getByRole("region", { name: "Anfitrião" }).getByText("Costuma responder em até 1 hora").waitFor();
    await visitor.page.goto(`${t.app.url}/anfitriao/${host.id}`);
    await visitor.page.getByText("Costuma responder em até 1 hora").waitFor();
    for (const { session } of sessions) await session.context.close();
    await visitor.context.close();
  });

  it("the new pages pass axe in light and dark, at 390 and 1280 px", { timeout: 300_000 }, async () => {
    const lia = await createTestAccount(t.app, "guest", { name: "Lia Visitante" });
    const reviewsInView = (page: Page) => page.getByRole("region", { name: "Avaliações" }).scrollIntoViewIfNeeded();
    const pages: LookedPage<"anyone" | "guest" | "host" | "reviewer">[] = [
      { path: `/accommodation/${listing.slug}`, as: "anyone", ready: "Cabana do Vale Avaliado", then: reviewsInView },
      { path: `/anfitriao/${host.id}`, as: "anyone", ready: "Marina" },
      { path: "/minhas-propriedades/contatos", as: "host", ready: "Contatos recebidos" },
      { path: "/perfil", as: "guest", ready: "Meu Perfil" },
      { path: reviewer!.path, as: "reviewer", ready: "Editar avaliação" },
    ];
    const emails = { host: host.email, guest: lia.email, reviewer: reviewer!.email };
    await checkEveryLook(t.app, "/tmp/shots-reviews", pages, async (as, look) => {
      const session = await newPage(look);
      if (as !== "anyone") await loginViaForm(session.page, t.app, emails[as]);
      if (as === "guest") await contactFromListing(session);
      return session;
    });
  });
});
