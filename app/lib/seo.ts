import type { MetaDescriptor } from "react-router";

/**
 * What search engines are told in each page's meta: its one canonical address (absolute, from the
 * site's BASE_URL, which the root loader passes as `siteUrl`), noindex where a page must not be
 * indexed, and its structured data. Pages with data decide in their loaders (app/lib/seo.server.ts,
 * structured-data.server.ts) and their meta only spreads the result, so no rule is in any page's
 * JavaScript; the site's own pages take their canonical link from here. Personal answers and errors
 * say noindex in a header already (server/http/search-engines.ts).
 */

export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** A page's canonical link: its path as an absolute address of the site. */
export function canonical(matches: Matches, path: string): MetaDescriptor {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return { tagName: "link", rel: "canonical", href: new URL(path, root?.siteUrl ?? "http://localhost").href };
}
