import { data } from "react-router";
import { refusalOf, type Refusal } from "@common/refusal";

/** A refusal as the answer to a form or fetcher, with its status: the page reads `title`, `description` and `field`. */
export function refusalData(refusal: Refusal) {
  return data({ ok: false as const, ...refusalOf(refusal) }, { status: refusal.status });
}
