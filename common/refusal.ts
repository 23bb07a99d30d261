/**
 * Why a request was refused: the one shape that travels from the domain through the routes to the
 * UI. `title` is what a toast or alert shows first, `description` the sentence under it, `field`
 * the form field it belongs to (shown beside that field instead).
 */
export interface Refusal {
  status: number;
  title: string;
  description?: string;
  field?: string;
}

export type Refused = { ok: false } & Refusal;

/** What a domain function answers: its value, or a refusal. */
export type Result<T> = { ok: true; value: T } | Refused;

export function refused(status: number, title: string, more: { description?: string; field?: string } = {}): Refused {
  return { ok: false, status, title, ...(more.description && { description: more.description }), ...(more.field && { field: more.field }) };
}

/** A validation problem with one field (common/validation) as a refusal. */
export function fieldRefusal(problem: { field: string; message: string }): Refused {
  return refused(400, problem.message, { field: problem.field });
}

export function accepted<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** The refusal alone (no `ok`), as an error's payload or a response body. */
export function refusalOf({ status, title, description, field }: Refusal): Refusal {
  return { status, title, ...(description && { description }), ...(field && { field }) };
}

/** One line for places that have room for one (a JSON API's `message`): "Title: description". */
function refusalText(refusal: Pick<Refusal, "title" | "description">): string {
  return refusal.description ? `${refusal.title}: ${refusal.description}` : refusal.title;
}

/** The body of a refusal from an endpoint that API clients call too: the refusal, and `message` in one line. */
export function refusalJson(refusal: Refusal): Refused & { message: string } {
  return { ok: false, ...refusalOf(refusal), message: refusalText(refusal) };
}
