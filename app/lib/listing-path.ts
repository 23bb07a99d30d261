/** The query parameter of a listing's page naming the results it was opened from (see listingBackPath). */
export const LISTING_FROM = "from";

/** A listing's page; opened from a list of results (`from`), its "Voltar" returns there. */
export function listingPath(slug: string, from?: string): string {
  const path = `/accommodation/${slug}`;
  return from && from !== "/" ? `${path}?${new URLSearchParams({ [LISTING_FROM]: from })}` : path;
}
