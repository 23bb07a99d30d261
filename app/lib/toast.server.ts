import { createCookie } from "react-router";
import type { Toast } from "./toast";

/** One-shot message carried across a redirect (shown by the root layout, then cleared). */
const toastCookie = createCookie("recanto_toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export async function setToast(headers: Headers, toast: Toast) {
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
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
