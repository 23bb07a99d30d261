import { expect } from "vitest";
import type { Client } from "./http";

let nextAddress = 10;

/** Gives a client an address of its own behind the trusted proxy (apps started with TRUST_PROXY=1), so two people are not one network. */
export function ownAddress(client: Client): Client {
  client.headers.set("x-forwarded-for", `203.0.113.${nextAddress++ % 250}`);
  return client;
}

/** The guest contacts the listing as the site's form does (through the notice the first time); returns the WhatsApp address. */
export async function contactListing(client: Client, slug: string, stay: { checkin?: string; checkout?: string; guests?: string } = {}) {
  const path = `/accommodation/${slug}/contato`;
  const query = new URLSearchParams(stay).toString();
  const first = await client.get(query ? `${path}?${query}` : path);
  if (first.status === 302) return first.headers.get("location")!;
  expect(first.status).toBe(200);
  const go = await client.post(path, { intent: "abrir-whatsapp", ...stay });
  expect(go.status).toBe(302);
  return go.headers.get("location")!;
}

export const HOST_CONTACTS = "/minhas-propriedades/contatos";

/** A stay both sides confirmed: the host states it on "Contatos recebidos", the guest confirms it on /perfil. */
export async function confirmStay(host: Client, guest: Client, contactId: string, stayId: () => Promise<string>, dates: { checkin: string; checkout: string }) {
  expect((await host.post(HOST_CONTACTS, { intent: "informar-hospedagem", contato: contactId, ...dates })).status).toBe(302);
  const id = await stayId();
  expect((await guest.post("/perfil", { intent: "confirmar-hospedagem", hospedagem: id, contato: contactId })).status).toBe(302);
  return id;
}
