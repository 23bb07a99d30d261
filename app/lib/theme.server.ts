import { createCookie } from "react-router";
import { THEME_COOKIE } from "@common/theme-cookie";
import { isTheme, type Theme } from "./theme";

const themeCookie = createCookie(THEME_COOKIE, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : "system";
}

export function serializeTheme(theme: Theme) {
  return themeCookie.serialize(theme);
}
