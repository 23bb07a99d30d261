import { data } from "react-router";
import { refusalOf, type Refusal } from "@common/refusal";

/**
 * A refusal as the answer to a form or fetcher, with its status: the page reads `title`, `description`
 * and `field`. `typed` holds the fields to draw again as they were sent (never a password; see
 * typedFields): a form posted before the page's scripts ran comes back as a new page.
 */
export function refusalData(refusal: Refusal, typed: Record<string, string> = {}) {
  return data({ ok: false as const, ...refusalOf(refusal), typed }, { status: refusal.status });
}
