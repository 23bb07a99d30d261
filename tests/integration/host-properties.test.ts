import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { favorites, properties, propertyImages } from "../../server/db/schema";
import { DEFAULT_QUERY } from "../../common/property-query";
import { searchProperties } from "../../server/properties/search";
import { searchInput } from "../../server/properties/search-input";
import { signedInAs } from "../support/accounts";
import { useTestApp } from "../support/app";
import { engine } from "../support/database";
import { insertHost, insertProperty } from "../support/factories";
import { Client } from "../support/http";
import { formBody, LISTING_FORM } from "../support/listings";
import { uploadPhoto } from "../support/uploads";
import { IMAGE_WIDTHS, variantKey } from "../../common/media";
import { distanceKm } from "../../common/places";
import { municipalityByLabel } from "../../server/cities/places";
import { NO_HOUSE_RULES } from "../../common/house-rules";

const FORM = LISTING_FORM;

/** House rules and a cancellation policy as the form posts them, and as they are stored. */
const RULES_FORM = {
  checkInFrom: "15:30",
  checkOutUntil: "11:00",
  quietHoursFrom: "22:00",
  quietHoursUntil: "07:30",
  smokingAllowed: "nao",
  partiesAllowed: "",
  otherRules: "Trilha só com guia.\r\nSem som alto depois das 22h.\u200B",
  cancellationPolicy: "rigida",
  cancellationNotes: " Sinal de 30%. ",
};
const STORED_RULES = {
  checkInFrom: "15:30",
  checkOutUntil: "11:00",
  quietHours: "22:00-07:30",
  smokingAllowed: false,
  partiesAllowed: null,
  otherRules: "Trilha só com guia.\nSem som alto depois das 22h.",
  cancellationPolicy: "rigida",
  cancellationNotes: "Sinal de 30%.",
};

/** The public search for a text, as the home page runs it. */
const searchIds = async (db: Parameters<typeof searchProperties>[0], search: string) =>
  (await searchProperties(db, searchInput({ ...DEFAULT_QUERY, search }, { types: [], pageSize: 9 }))).items.map((p) => p.id);

describe(`hosts manage their listings (${engine})`, () => {
  const t = useTestApp();
  const db = () => t.app.database.db;
  const post = (client: Client, path: string, body: URLSearchParams) =>
    client.request(path, { method: "POST", body, headers: { origin: t.app.url, "content-type": "application/x-www-form-urlencoded" } });

  const filesExist = (storageKey: string) => Promise.all(IMAGE_WIDTHS.map((w) => t.app.services.storage.exists(variantKey(storageKey, w))));

  async function create(client: Client, count = 2, fields: Record<string, string> = {}, lists: { amenities?: string[] } = {}) {
    const uploads = [];
    for (let i = 0; i < count; i++) uploads.push(await uploadPhoto(client, t.app.url));
    const res = await post(client, "/adicionar-propriedade", formBody({ ...FORM, ...fields }, { imageIds: uploads.map((u) => u.id), ...lists }));
    return { res, uploads };
  }

  it("a Premium host's new listing is saved as pending with its photos in order, and is not public yet", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const { res, uploads } = await create(host.client, 3, {}, { amenities: ["Wi-Fi", "Lareira interna", "Churrasqueira", "Piscina"] });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/minhas-propriedades");
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({ title: FORM.title, status: "pending", isActive: true, priceCents: 42000, maxGuests: 4, whatsappContact: "5535991234567" });
    const images = await db().select().from(propertyImages).where(eq(propertyImages.propertyId, row!.id)).orderBy(asc(propertyImages.position));
    expect(images.map((i) => i.alt)).toEqual([`${FORM.title}, foto 1`, `${FORM.title}, foto 2`, `${FORM.title}, foto 3`]);
    for (const image of images) expect(await filesExist(image.storageKey)).toEqual(IMAGE_WIDTHS.map(() => true));
    expect(uploads).toHaveLength(3);

    const list = await (await host.client.get("/minhas-propriedades")).text();
    expect(list).toContain(FORM.title);
    expect(list).toContain("Em análise");
    expect(list).toContain("+1");
    expect(list).toContain("+2 fotos");
    expect(await searchIds(db(), "Vale Verde")).toEqual([]);
  });

  it("stores the rural attributes and the pin; the public sees the listing 0.25 to 1 km away from it unless the host shows it exactly", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const attributes = { features: ["petsAllowed", "childFriendly"], road: ["terra"], signal: ["vivo", "tim"], internet: ["radio"], power: ["rede", "gerador"] };
    const pin = { lat: -22.4512, lng: -45.9634 };
    const body = formBody({ ...FORM, latitude: String(pin.lat), longitude: String(pin.lng) }, { imageIds: [(await uploadPhoto(host.client, t.app.url)).id] });
    for (const [name, values] of Object.entries(attributes)) for (const value of values) body.append(name, value);
    expect((await post(host.client, "/adicionar-propriedade", body)).status).toBe(302);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    const gonçalves = municipalityByLabel("Gonçalves - MG")!;
    expect(row).toMatchObject({ features: ["pets", "kids", "road:terra", "signal:vivo", "signal:tim", "internet:radio", "power:rede", "power:gerador"], latitude: pin.lat, longitude: pin.lng, municipalityCode: gonçalves.code, stateCode: 31, showExactLocation: false });
    const shown = { lat: row!.publicPoint!.y, lng: row!.publicPoint!.x };
    expect(distanceKm(shown, pin)).toBeGreaterThan(0.24);
    expect(distanceKm(shown, pin)).toBeLessThan(1.01);

    // The edit form shows them again; an edit without a pin puts it on the municipality's point, and "show exactly" shows the pin.
    const edit = await (await host.client.get(`/editar-propriedade/${row!.id}`)).text();
    expect(edit).toMatch(/value="terra"[^>]*checked|checked[^>]*value="terra"/);
    const again = formBody({ ...FORM, showExactLocation: "on" }, { imageIds: (await db().select().from(propertyImages).where(eq(propertyImages.propertyId, row!.id))).map((i) => i.id) });
    expect((await post(host.client, `/editar-propriedade/${row!.id}`, again)).status).toBe(302);
    const [edited] = await db().select().from(properties).where(eq(properties.id, row!.id));
    expect(edited).toMatchObject({ features: [], latitude: gonçalves.lat, longitude: gonçalves.lng, showExactLocation: true });
    expect(edited!.publicPoint).toEqual({ x: gonçalves.lng, y: gonçalves.lat });
  });

  it("stores the house rules and the cancellation policy, shows them on the edit form, the public page and the operators' preview; only the free text sends an approved listing back to review", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const { res } = await create(host.client, 1, { ...RULES_FORM, features: "petsAllowed" });
    expect(res.status).toBe(302);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({ ...STORED_RULES, features: ["pets"] });

    const edit = await (await host.client.get(`/editar-propriedade/${row!.id}`)).text();
    const selected = (name: string) => /<option\b[^>]*\sselected\b[^>]*>([^<]*)<\/option>/.exec(edit.slice(edit.indexOf(`name="${name}"`)).split("</select>")[0]!)?.[1];
    expect(["checkInFrom", "checkOutUntil", "quietHoursFrom", "quietHoursUntil"].map(selected)).toEqual(["15:30", "11:00", "22:00", "07:30"]);
    expect(selected("propertyType")).toBe(row!.propertyType);
    const checkedValues = (name: string) =>
      [...edit.matchAll(/<input\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes(` name="${name}"`) && /\schecked[\s=/>]/.test(tag))
        // An empty value may be written bare (`value`), as HTML allows.
        .map((tag) => {
          const value = / value(?:="([^"]*)")?(?=[\s/>])/.exec(tag);
          return value ? (value[1] ?? "") : undefined;
        });
    for (const [name, value] of [["smokingAllowed", "nao"], ["partiesAllowed", ""], ["cancellationPolicy", "rigida"], ["features", "petsAllowed"]] as const) {
      expect(checkedValues(name), name).toEqual([value]);
    }
    expect(edit).toContain(">Trilha só com guia.\nSem som alto depois das 22h.</textarea>");
    expect(edit).toContain(">Sinal de 30%.</textarea>");

    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const page = await (await new Client(t.app.url).get(`/accommodation/${row!.slug}`)).text();
    for (const text of [
      ">Regras da casa</h2>",
      "Check-in a partir de 15:30",
      "Check-out até 11:00",
      "Silêncio entre 22:00 e 07:30",
      "Aceita pets",
      "Proibido fumar",
      "Trilha só com guia.\nSem som alto depois das 22h.",
      ">Política de cancelamento</h2>",
      "Rígida",
      "Reembolso de 50% se o cancelamento for feito até 7 dias antes do check-in; depois disso, sem reembolso.",
      "Sinal de 30%.",
      'href="/politica-cancelamento"',
    ]) {
      expect(page, text).toContain(text);
    }
    expect(page).not.toContain("Festas e eventos");
    const operator = await signedInAs(t.app, "operator");
    const preview = await (await operator.client.get(`/moderacao/${row!.id}`)).text();
    for (const text of ["Check-in a partir de 15:30", "Rígida"]) expect(preview, text).toContain(text);

    // Times, yes-or-no rules and the policy keep it published; the rules' own words go back to review.
    const imageIds = (await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id))).map((i) => i.id);
    const structured = formBody({ ...FORM, ...RULES_FORM, checkInFrom: "14:00", partiesAllowed: "sim", cancellationPolicy: "flexivel" }, { imageIds });
    expect((await post(host.client, `/editar-propriedade/${row!.id}`, structured)).status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]).toMatchObject({ checkInFrom: "14:00", partiesAllowed: true, cancellationPolicy: "flexivel", status: "approved" });
    const reworded = formBody({ ...FORM, ...RULES_FORM, otherRules: "Trilha só com guia." }, { imageIds });
    expect((await post(host.client, `/editar-propriedade/${row!.id}`, reworded)).status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]).toMatchObject({ otherRules: "Trilha só com guia.", status: "pending" });

    // Left blank, nothing is stated and the page shows neither section.
    expect((await post(host.client, `/editar-propriedade/${row!.id}`, formBody(FORM, { imageIds }))).status).toBe(302);
    const [cleared] = await db().select().from(properties).where(eq(properties.id, row!.id));
    expect(cleared).toMatchObject({ ...NO_HOUSE_RULES, features: [] });
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const plain = await (await new Client(t.app.url).get(`/accommodation/${row!.slug}`)).text();
    expect(plain).toContain("Sobre este lugar");
    expect(plain).not.toContain(">Regras da casa</h2>");
    expect(plain).not.toContain(">Política de cancelamento</h2>");
  });

  it("refuses house rules and cancellation policies out of the lists, with a message each; nothing stored", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const upload = await uploadPhoto(host.client, t.app.url);
    const res = await post(
      host.client,
      "/adicionar-propriedade",
      formBody({ ...FORM, checkInFrom: "15:15", quietHoursFrom: "22:00", quietHoursUntil: "", smokingAllowed: "talvez", cancellationPolicy: "super-flexivel", otherRules: "a".repeat(1001) }, { imageIds: [upload.id] }),
    );
    expect(res.status).toBe(422);
    const page = await res.text();
    for (const message of [
      "Escolha um horário da lista.",
      "Informe o início e o fim do horário de silêncio.",
      "Escolha uma das opções.",
      "Escolha uma política de cancelamento da lista.",
      "O texto das outras regras deve ter no máximo 1.000 caracteres.",
    ]) {
      expect(page).toContain(message);
    }
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toEqual([]);
  });

  it("refuses a pin outside Brazil with a message, storing nothing", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const upload = await uploadPhoto(host.client, t.app.url);
    const res = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, latitude: "48.8566", longitude: "2.3522" }, { imageIds: [upload.id] }));
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("A posição no mapa deve ficar no Brasil.");
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toEqual([]);
  });

  it("checks the form again on the server: each message, nothing stored", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const upload = await uploadPhoto(host.client, t.app.url);
    const res = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, title: "Oi", price: "0,00", maxGuests: "11", whatsappContact: "" }, { imageIds: [upload.id] }));
    expect(res.status).toBe(422);
    const page = await res.text();
    for (const message of ["O título deve ter pelo menos 3 caracteres.", "O preço por noite deve ser maior que zero.", "O número máximo de hóspedes é 10.", "O WhatsApp é obrigatório."]) {
      expect(page).toContain(message);
    }
    const noImages = await post(host.client, "/adicionar-propriedade", formBody(FORM));
    expect(noImages.status).toBe(422);
    expect(await noImages.text()).toContain("Imagens obrigatórias: Adicione pelo menos uma imagem da propriedade");
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toHaveLength(0);
  });

  it("reads the price in whole reais, and refuses one far below the type's range until that price is confirmed", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const low = "R$\u00a05,20 por noite é muito menos do que costuma custar uma hospedagem do tipo “Chalé” (a partir de R$\u00a0280,00).";
    const upload = await uploadPhoto(host.client, t.app.url);
    const refused = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, price: "5,20" }, { imageIds: [upload.id] }));
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain(low);
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toEqual([]);

    const otherPrice = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, price: "5,20", confirmLowPrice: "2000" }, { imageIds: [upload.id] }));
    expect(otherPrice.status).toBe(422);
    expect(await otherPrice.text()).toContain(low);
    const confirmed = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, price: "5,20", confirmLowPrice: "520" }, { imageIds: [upload.id] }));
    expect(confirmed.status).toBe(302);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row!.priceCents).toBe(520);

    // Edited: "520" is R$ 520,00 and "1.200" R$ 1.200,00, no confirmation asked; a low price again needs one.
    const [image] = await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id));
    const priceOf = async () => (await db().select({ priceCents: properties.priceCents }).from(properties).where(eq(properties.id, row!.id)))[0]!.priceCents;
    for (const [typed, cents] of [["520", 52000], ["1.200", 120000], ["520,5", 52050]] as const) {
      const res = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: typed }, { imageIds: [image!.id] }));
      expect(res.status, typed).toBe(302);
      expect(await priceOf(), typed).toBe(cents);
    }
    const lowAgain = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: "12" }, { imageIds: [image!.id] }));
    expect(lowAgain.status).toBe(422);
    expect(await lowAgain.text()).toContain("R$\u00a012,00 por noite é muito menos do que costuma custar");
    const unreadable = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: "520.50" }, { imageIds: [image!.id] }));
    expect(unreadable.status).toBe(422);
    expect(await unreadable.text()).toContain("Digite o preço em reais, por exemplo 520 ou 520,50: os centavos vêm depois da vírgula.");
    expect(await priceOf()).toBe(52050);
  });

  it("refuses invisible or symbol-only titles and locations that name no municipality, with a message for each; nothing stored", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const upload = await uploadPhoto(host.client, t.app.url);
    const cases = [
      [{ title: "\u3164\u3164\u3164\u3164" }, "O título deve ter pelo menos 3 caracteres."],
      [{ title: "\u200B\u200C\u200D\u2800\u2800\u2800" }, "O título deve ter pelo menos 3 caracteres."],
      [{ title: "*** --- !!!" }, "O título deve ter letras ou números, não só símbolos ou espaços."],
      [{ description: `\u2800${"\u200B".repeat(30)}` }, "A descrição deve ter pelo menos 10 caracteres."],
      [{ location: "Serra Gaúcha" }, "Informe também a UF, no formato “Cidade - UF”, por exemplo “Gramado - RS”."],
      [{ location: "Gramado - SP" }, "Não encontramos o município “Gramado” em SP. Escolha uma cidade da lista, no formato “Cidade - UF”."],
      [{ location: "Gramado - ZZ" }, "“ZZ” não é uma UF do Brasil."],
      [{ location: "\u3164\u200B" }, "A localização deve ter pelo menos 3 caracteres."],
      [{ location: "RS" }, "A localização deve ter pelo menos 3 caracteres."],
    ] as const;
    for (const [change, message] of cases) {
      const res = await post(host.client, "/adicionar-propriedade", formBody({ ...FORM, ...change }, { imageIds: [upload.id] }));
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(await res.text()).toContain(message);
    }
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toHaveLength(0);
  });

  it("stores titles and descriptions cleaned and the municipality's canonical spelling", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const { res } = await create(host.client, 1, {
      title: " Chale\u0301\u200B  da\u00A0Serra\u3164 ",
      description: "Lareira e varanda.\u200D\r\n\r\n\r\nVista   para o vale.",
      location: "sao paulo - sp",
    });
    expect(res.status).toBe(302);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    expect(row).toMatchObject({ title: "Chalé da Serra", description: "Lareira e varanda.\n\nVista para o vale.", location: "São Paulo - SP" });
  });

  it("an older listing whose location names no municipality still shows and saves while the location is unchanged", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const { id } = await insertProperty(db(), host.id, { title: "Casa antiga", location: "Serra da Mantiqueira" });
    const [image] = await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, id));
    const page = await host.client.get(`/editar-propriedade/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="Serra da Mantiqueira"');

    const kept = await post(host.client, `/editar-propriedade/${id}`, formBody({ ...FORM, location: "Serra da Mantiqueira", price: "510,00" }, { imageIds: [image!.id] }));
    expect(kept.status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, id)))[0]).toMatchObject({ location: "Serra da Mantiqueira", priceCents: 51000 });

    const changed = await post(host.client, `/editar-propriedade/${id}`, formBody({ ...FORM, location: "Serra da Mantiqueira - MG", price: "600,00" }, { imageIds: [image!.id] }));
    expect(changed.status).toBe(422);
    expect(await changed.text()).toContain("Não encontramos o município “Serra da Mantiqueira” em MG.");
    expect((await db().select().from(properties).where(eq(properties.id, id)))[0]).toMatchObject({ location: "Serra da Mantiqueira", priceCents: 51000 });

    const fixed = await post(host.client, `/editar-propriedade/${id}`, formBody({ ...FORM, location: "gonçalves - mg" }, { imageIds: [image!.id] }));
    expect(fixed.status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, id)))[0]!.location).toBe("Gonçalves - MG");
  });

  it("refuses an 11th photo, another host's upload, and the same form sent twice; nothing extra stored", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const other = await signedInAs(t.app, "premium-host");
    const theirs = await uploadPhoto(other.client, t.app.url);
    const mine = await uploadPhoto(host.client, t.app.url);

    const stolen = await post(host.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [mine.id, theirs.id] }));
    expect(stolen.status).toBe(422);
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toHaveLength(0);
    // The other host can still use their photo.
    expect((await post(other.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [theirs.id] }))).status).toBe(302);

    const eleven = Array.from({ length: 11 }, () => randomUUID());
    const tooMany = await post(host.client, "/adicionar-propriedade", formBody(FORM, { imageIds: eleven }));
    expect(tooMany.status).toBe(422);
    expect(await tooMany.text()).toContain("Máximo de 10 imagens permitidas");

    const first = await post(host.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [mine.id] }));
    expect(first.status).toBe(302);
    const twice = await post(host.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [mine.id] }));
    expect(twice.status).toBe(422);
    expect(await db().select().from(properties).where(eq(properties.hostId, host.id))).toHaveLength(1);
  });

  it("only Premium hosts add listings; guests and visitors are refused", async () => {
    const free = await signedInAs(t.app, "host");
    const res = await post(free.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [] }));
    expect(res.status).toBe(403);
    const guest = await signedInAs(t.app, "guest");
    // A document post by a guest ends on / (the page's guard); the script's request gets the action's answer.
    expect((await post(guest.client, "/adicionar-propriedade", formBody(FORM))).headers.get("location")).toBe("/");
    expect((await post(guest.client, "/adicionar-propriedade.data", formBody(FORM))).status).toBe(403);
    expect((await post(new Client(t.app.url), "/adicionar-propriedade", formBody(FORM))).status).toBe(401);
    expect(await db().select().from(properties).where(eq(properties.hostId, free.id))).toHaveLength(0);
  });

  it("edits: price keeps an approved listing public; new text or photos send it back to review; removed photos lose their files", async () => {
    const host = await signedInAs(t.app, "premium-host");
    const { uploads } = await create(host.client, 2);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const images = await db().select().from(propertyImages).where(eq(propertyImages.propertyId, row!.id)).orderBy(asc(propertyImages.position));
    expect(uploads).toHaveLength(2);

    const editPage = await host.client.get(`/editar-propriedade/${row!.id}`);
    expect(editPage.status).toBe(200);
    expect(await editPage.text()).toContain("+55 35 99123 4567");

    const priceOnly = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: "480,00" }, { imageIds: images.map((i) => i.id) }));
    expect(priceOnly.status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]).toMatchObject({ priceCents: 48000, status: "approved" });

    // Reordered and one photo removed: still approved; the removed photo's files are gone.
    const reordered = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: "480,00" }, { imageIds: [images[1]!.id] }));
    expect(reordered.status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]!.status).toBe("approved");
    expect(await filesExist(images[0]!.storageKey)).toEqual(IMAGE_WIDTHS.map(() => false));
    expect(await filesExist(images[1]!.storageKey)).toEqual(IMAGE_WIDTHS.map(() => true));

    const newPhoto = await uploadPhoto(host.client, t.app.url);
    await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, price: "480,00" }, { imageIds: [newPhoto.id, images[1]!.id] }));
    const [afterPhoto] = await db().select().from(properties).where(eq(properties.id, row!.id));
    expect(afterPhoto!.status).toBe("pending");
    const cover = await db().select().from(propertyImages).where(and(eq(propertyImages.propertyId, row!.id), eq(propertyImages.position, 0)));
    expect(cover[0]!.id).not.toBe(images[1]!.id);

    // The upload became a property photo: its upload id cannot be used again.
    const stale = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, title: "Outro título" }, { imageIds: [newPhoto.id] }));
    expect(stale.status).toBe(422);

    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const current = await db().select({ id: propertyImages.id }).from(propertyImages).where(eq(propertyImages.propertyId, row!.id)).orderBy(asc(propertyImages.position));
    const retitled = await post(host.client, `/editar-propriedade/${row!.id}`, formBody({ ...FORM, title: "Chalé do Vale Azul", price: "480,00" }, { imageIds: current.map((i) => i.id) }));
    expect(retitled.status).toBe(302);
    expect((await db().select().from(properties).where(eq(properties.id, row!.id)))[0]).toMatchObject({ title: "Chalé do Vale Azul", status: "pending" });
  });

  it("only the owner edits, toggles or deletes: other hosts, guests and visitors get 404/403/401 and nothing changes", async () => {
    const owner = await insertHost(db());
    const { id } = await insertProperty(db(), owner.id, { title: "Casa do Dono", checkInFrom: "14:00", smokingAllowed: true, cancellationPolicy: "flexivel" });
    const other = await signedInAs(t.app, "premium-host");
    const guest = await signedInAs(t.app, "guest");
    const visitor = new Client(t.app.url);

    const view = await other.client.get(`/editar-propriedade/${id}`);
    expect(view.status).toBe(302);
    expect(view.headers.get("location")).toBe("/minhas-propriedades");
    const upload = await uploadPhoto(other.client, t.app.url);
    expect((await post(other.client, `/editar-propriedade/${id}.data`, formBody(FORM, { imageIds: [upload.id] }))).status).toBe(404);
    // Nor through the house rules: the owner's stay as they were.
    expect((await post(other.client, `/editar-propriedade/${id}.data`, formBody({ ...FORM, ...RULES_FORM }, { imageIds: [upload.id] }))).status).toBe(404);
    expect((await post(guest.client, `/editar-propriedade/${id}.data`, formBody(FORM, { imageIds: [upload.id] }))).status).toBe(403);
    expect((await post(visitor, `/editar-propriedade/${id}.data`, formBody(FORM, { imageIds: [upload.id] }))).status).toBe(401);
    // Their upload was not spent on someone else's listing.
    expect((await post(other.client, "/adicionar-propriedade", formBody(FORM, { imageIds: [upload.id] }))).status).toBe(302);

    for (const client of [other.client, guest.client, visitor]) {
      const toggle = await post(client, "/api/propriedades", formBody({ intent: "toggle", id, active: "false" }));
      const remove = await post(client, "/api/propriedades", formBody({ intent: "delete", id }));
      expect([toggle.status, remove.status]).toEqual(client === visitor ? [401, 401] : client === guest.client ? [403, 403] : [404, 404]);
    }
    const [row] = await db().select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ title: "Casa do Dono", isActive: true, checkInFrom: "14:00", smokingAllowed: true, cancellationPolicy: "flexivel", otherRules: null });
  });

  it("deactivating hides a listing from search and favourites; deleting removes its rows and files", async () => {
    const host = await signedInAs(t.app, "premium-host");
    await create(host.client, 2);
    const [row] = await db().select().from(properties).where(eq(properties.hostId, host.id));
    await db().update(properties).set({ status: "approved" }).where(eq(properties.id, row!.id));
    const fan = await signedInAs(t.app, "guest");
    await db().insert(favorites).values({ userId: fan.id, propertyId: row!.id });
    expect((await searchIds(db(), "Vale Verde"))).toContain(row!.id);

    const off = await post(host.client, "/api/propriedades", formBody({ intent: "toggle", id: row!.id, active: "false" }));
    expect(await off.json()).toEqual({ ok: true, message: "Propriedade desativada" });
    expect((await searchIds(db(), "Vale Verde"))).not.toContain(row!.id);
    expect(await (await fan.client.get("/favoritos")).text()).not.toContain(FORM.title);
    expect((await host.client.get(`/accommodation/${row!.slug}`)).status).toBe(404);

    const on = await post(host.client, "/api/propriedades", formBody({ intent: "toggle", id: row!.id, active: "true" }));
    expect(await on.json()).toEqual({ ok: true, message: "Propriedade ativada" });
    expect((await searchIds(db(), "Vale Verde"))).toContain(row!.id);

    const images = await db().select().from(propertyImages).where(eq(propertyImages.propertyId, row!.id));
    const removed = await post(host.client, "/api/propriedades", formBody({ intent: "delete", id: row!.id }));
    expect(await removed.json()).toEqual({ ok: true, message: "Propriedade excluída" });
    expect(await db().select().from(properties).where(eq(properties.id, row!.id))).toHaveLength(0);
    expect(await db().select().from(favorites).where(eq(favorites.propertyId, row!.id))).toHaveLength(0);
    for (const image of images) expect(await filesExist(image.storageKey)).toEqual(IMAGE_WIDTHS.map(() => false));
  });
});
