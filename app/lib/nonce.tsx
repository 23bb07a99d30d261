import { createContext, useContext } from "react";

/**
 * The response's CSP nonce: set by the server; in the browser, the page's own, read from its scripts
 * (browsers hide the attribute from the markup, not the property), so that hydrating finds every
 * element as the server wrote it.
 */
export const NonceContext = createContext(typeof document === "undefined" ? "" : (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce ?? "");

export function useNonce() {
  return useContext(NonceContext);
}
