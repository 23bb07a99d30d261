import { redirect, type AppLoadContext } from "react-router";
import { loginPath } from "./redirects";

/** What the UI may know about the signed-in user; never more. */
export interface ViewerUser {
  id: string;
  name: string;
  email: string;
  userType: "guest" | "host";
  role: "user" | "admin";
  emailVerified: boolean;
}

export async function getViewer(context: AppLoadContext): Promise<ViewerUser | null> {
  const session = await context.getSession();
  if (!session) return null;
  const u = session.user as typeof session.user & { userType: string; role: string };
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    userType: u.userType === "host" ? "host" : "guest",
    role: u.role === "admin" ? "admin" : "user",
    emailVerified: u.emailVerified,
  };
}

/** The token of the browser's session, looked up once per request like everything else here. */
export async function currentSessionToken(context: AppLoadContext): Promise<string | null> {
  return (await context.getSession())?.session.token ?? null;
}

function originOf(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Logged-out visitors go to /login and come back here afterwards. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<ViewerUser> {
  const viewer = await getViewer(context);
  if (!viewer) throw redirect(loginPath(originOf(request)));
  return viewer;
}

/** Host-only pages: logged-out visitors to /login, everyone else who is not a host to /. */
export async function requireHost(request: Request, context: AppLoadContext): Promise<ViewerUser> {
  const viewer = await requireViewer(request, context);
  if (viewer.userType !== "host") throw redirect("/");
  return viewer;
}
