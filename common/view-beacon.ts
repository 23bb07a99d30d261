/** Where a listing's page and gallery report being seen (server/http/view-beacon.ts, decision 032). */
export const VIEW_BEACON_PATH = "/api/visitas";

/** The kinds as the beacon names them: the listing's page, its gallery. */
export const BEACON_KINDS = { pagina: "page", galeria: "gallery" } as const;
export type BeaconKind = keyof typeof BEACON_KINDS;

export const viewBeaconUrl = (kind: BeaconKind, listingId: string) => `${VIEW_BEACON_PATH}?tipo=${kind}&anuncio=${listingId}`;
