import { refused, type Refused } from "./refusal";

/** What a visitor reads when a service the site depends on (database, image storage) does not answer: HTTP 503. */
export const UNAVAILABLE_TITLE = "Serviço temporariamente indisponível";
export const UNAVAILABLE_DESCRIPTION =
  "Uma parte do Recanto não está respondendo neste momento. Tente novamente em instantes.";

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER = 5;

export function unavailableRefusal(): Refused {
  return refused(503, UNAVAILABLE_TITLE, { description: UNAVAILABLE_DESCRIPTION });
}
