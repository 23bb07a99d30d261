/** Where a host switches the monthly summary email off without signing in (the link and List-Unsubscribe in each email). */
export const SUMMARY_OPT_OUT_PATH = "/resumo-mensal/cancelar";
