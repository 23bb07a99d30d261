import type { Services } from "./services";
import type { Auth } from "./accounts/auth";
import type { CatalogueReads } from "./properties/kept-catalogue";

export type CurrentSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** What every loader and action receives as `context`. */
export interface RequestContext {
  services: Services;
  clientIp: string;
  /** The signed-in session, looked up once per request. */
  getSession(): Promise<CurrentSession | null>;
  /** The public catalogue's reads, kept per catalogue version across requests. */
  catalogue: CatalogueReads;
  /** Served through Vite's dev server, whose scripts and hot-update socket no content security policy allows. */
  viteDevServer: boolean;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
