export type BillingKind = "checkout" | "portal";

export const BILLING_ACTION: Record<BillingKind, string> = {
  checkout: "/api/assinatura/checkout",
  portal: "/api/assinatura/portal",
};

/** Spec §8: shown when the server gives no message of its own. */
const FAILURE: Record<BillingKind, string> = {
  checkout: "Não foi possível iniciar o processo de pagamento. Tente novamente.",
  portal: "Não foi possível abrir o portal de gerenciamento. Tente novamente.",
};

export interface BillingError {
  title?: string;
  message: string;
}

export type BillingResult = { ok: true; newTab: boolean } | { ok: false; error: BillingError };

/**
 * Opens Stripe's checkout or portal in a new tab. Must be called synchronously from the click or
 * submit: the tab is opened before the request, while the browser still counts it as the user's
 * action (a tab opened after an await is blocked as a popup). When the browser refuses a tab
 * anyway, the current tab goes there instead.
 */
export async function openBillingPage(kind: BillingKind): Promise<BillingResult> {
  const tab = window.open("", "_blank");
  try {
    const res = await fetch(BILLING_ACTION[kind], { method: "POST", headers: { Accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as { url?: unknown; title?: unknown; message?: unknown } | null;
    const url = res.ok ? webUrl(body?.url) : null;
    if (!url) {
      tab?.close();
      return { ok: false, error: errorFrom(kind, body) };
    }
    if (!tab) {
      window.location.assign(url);
      return { ok: true, newTab: false };
    }
    tab.opener = null; // the payment page must not be able to navigate this tab
    tab.location.href = url;
    return { ok: true, newTab: true };
  } catch {
    tab?.close();
    return { ok: false, error: { message: FAILURE[kind] } };
  }
}

/** Only http(s) addresses: anything else (javascript:) would run in a tab of our origin. */
function webUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function errorFrom(kind: BillingKind, body: { title?: unknown; message?: unknown } | null): BillingError {
  const message = typeof body?.message === "string" && body.message ? body.message : FAILURE[kind];
  return typeof body?.title === "string" && body.title ? { title: body.title, message } : { message };
}
