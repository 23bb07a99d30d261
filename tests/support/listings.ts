import type { Client } from "./http";

/** A valid host listing form, as the browser sends it (photos go in `imageIds`). */
export const LISTING_FORM = {
  title: "Chalé do Vale Verde",
  description: "Chalé de madeira com lareira, varanda e vista para o vale.",
  propertyType: "Chalé",
  location: "Gonçalves - MG",
  price: "420,00",
  maxGuests: "4",
  bedrooms: "2",
  bathrooms: "1",
  whatsappContact: "+55 35 99123-4567",
};

export function formBody(fields: Record<string, string>, lists: { imageIds?: string[]; amenities?: string[]; safetyItems?: string[] } = {}) {
  const body = new URLSearchParams(fields);
  for (const [name, values] of Object.entries(lists)) for (const value of values ?? []) body.append(name, value);
  return body;
}

/** Posts a form to `path` on the client's own origin, as the listing pages do. */
export function postForm(client: Client, origin: string, path: string, body: URLSearchParams) {
  return client.request(path, { method: "POST", body, headers: { origin, "content-type": "application/x-www-form-urlencoded" } });
}

/** The host's own listing ids, from the edit links of /minhas-propriedades. */
export async function ownListingIds(client: Client): Promise<string[]> {
  const html = await (await client.get("/minhas-propriedades")).text();
  return [...new Set([...html.matchAll(/\/editar-propriedade\/([0-9a-f-]{36})/g)].map((m) => m[1]!))];
}
