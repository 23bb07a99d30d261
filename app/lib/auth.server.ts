import { data, redirect, type AppLoadContext } from "react-router";
import { AccessDenied, SecondFactorRequired, viewerOf, type Viewer } from "@server/accounts/guards";
import { refused, type Result } from "@common/refusal";
import { loginPath, secondFactorSetupPath } from "./redirects";

export type { Viewer };

export async function getViewer(context: AppLoadContext): Promise<Viewer | null> {
  return viewerOf(await context.getSession());
}

/** The token of the browser's session, looked up once per request like everything else here. */
export async function currentSessionToken(context: AppLoadContext): Promise<string | null> {
  return (await context.getSession())?.session.token ?? null;
}

function originOf(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

type Guard<T> = (viewer: Viewer | null) => T | Promise<T>;

/**
 * Pages (loaders and their actions) behind a guard of @server/accounts/guards: signed-out visitors
 * go to /login and come back here afterwards; an operator without a second factor goes to set one up
 * and comes back; a signed-in user the guard refuses goes home (403) or sees the page-not-found
 * answer (404, operators' pages).
 */
export async function guardPage<T>(request: Request, context: AppLoadContext, guard: Guard<T>): Promise<T> {
  try {
    return await guard(await getViewer(context));
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    if (err.refusal.status === 401) throw redirect(loginPath(originOf(request)));
    if (err instanceof SecondFactorRequired) throw redirect(secondFactorSetupPath(originOf(request)));
    if (err.refusal.status === 403) throw redirect("/");
    throw data(null, { status: err.refusal.status });
  }
}

/** Actions answering a form or a fetcher: the guard's refusal as a value the caller returns. */
export async function guardAction<T>(context: AppLoadContext, guard: Guard<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await guard(await getViewer(context)) };
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    return refused(err.refusal.status, err.refusal.title, err.refusal);
  }
}
