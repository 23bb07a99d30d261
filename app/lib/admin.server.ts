import { data, type AppLoadContext } from "react-router";
import { requireViewer, type ViewerUser } from "./auth.server";

/**
 * Operator-only pages (moderation): logged-out visitors go to /login and come back; any other
 * signed-in user gets the same 404 as an unknown address, so the page's existence is not revealed.
 * Every loader and action of those pages calls this on the server.
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<ViewerUser> {
  const viewer = await requireViewer(request, context);
  if (viewer.role !== "admin") throw data(null, { status: 404 });
  return viewer;
}
