import type { Services } from "./services";
import type { Auth } from "./accounts/auth";

export type CurrentSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** What every loader and action receives as `context`. */
export interface RequestContext {
  services: Services;
  clientIp: string;
  /** The signed-in session, looked up once per request. */
  getSession(): Promise<CurrentSession | null>;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
