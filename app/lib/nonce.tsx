import { createContext, useContext } from "react";

/** The per-response CSP nonce, set on the server; empty in the browser (browsers hide it anyway). */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
