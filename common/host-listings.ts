/**
 * /minhas-propriedades: the host's listings by situation, a page at a time. The state lives in the
 * URL (`?status=recusadas&pagina=2`), so a filtered page is a link that works without JavaScript.
 */

/**
 * The situations a host filters by. Each listing is in exactly one (server/properties/manage.ts
 * holds the predicates): the moderation status first, and among approved listings whether the host
 * shows them (Publicadas) or hid them (Inativas).
 */
export const HOST_LISTING_FILTERS = [
  { status: "publicadas", label: "Publicadas", empty: "Nenhuma propriedade publicada." },
  { status: "em-analise", label: "Em análise", empty: "Nenhuma propriedade em análise." },
  { status: "recusadas", label: "Recusadas", empty: "Nenhuma propriedade recusada." },
  { status: "inativas", label: "Inativas", empty: "Nenhuma propriedade inativa." },
] as const;

export type HostListingStatus = (typeof HOST_LISTING_FILTERS)[number]["status"];

/** How many listings each situation has, and all of them together. */
export type HostListingCounts = Record<HostListingStatus | "all", number>;

export const HOST_LISTINGS_PAGE_SIZE = 12;

export const HOST_LISTINGS_PATH = "/minhas-propriedades";

export interface HostListingsQuery {
  /** null: every listing. */
  status: HostListingStatus | null;
  page: number;
}

const isStatus = (value: string): value is HostListingStatus => HOST_LISTING_FILTERS.some((filter) => filter.status === value);

/** What the URL asks for; anything not understood is read as its default (the loader then redirects to the clean address). */
export function parseHostListingsQuery(params: URLSearchParams): HostListingsQuery {
  const status = params.get("status") ?? "";
  const page = params.get("pagina") ?? "";
  return { status: isStatus(status) ? status : null, page: /^\d{1,6}$/.test(page) ? Math.max(1, Number(page)) : 1 };
}

/** The one address of a filter's page: defaults (every listing, page 1) are left out. */
export function hostListingsHref({ status, page }: HostListingsQuery): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `${HOST_LISTINGS_PATH}?${search}` : HOST_LISTINGS_PATH;
}
