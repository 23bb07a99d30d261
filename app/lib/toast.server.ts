import { createCookie, redirect } from "react-router";
import type { Toast } from "./toast";

/** One-shot message carried across a redirect (shown by the root layout, then cleared). */
const toastCookie = createCookie("recanto_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

/** Redirects and shows `toast` on the next page; `headers` may already carry session cookies. */
export async function redirectWithToast(url: string, toast: Toast, headers: Headers = new Headers()) {
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { headers });
}

export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (!raw) return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  return { toast: isToast(raw) ? raw : null, headers };
}

function isToast(value: unknown): value is Toast {
  return typeof value === "object" && value !== null && typeof (value as Toast).title === "string";
}
