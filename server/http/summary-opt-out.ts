import type { RequestHandler } from "express";
import { optOutByToken } from "../insights/summary-opt-out";
import type { Services } from "../services";

/**
 * POST /resumo-mensal/cancelar?token=…: the one-click opt-out of the monthly summary (RFC 8058).
 * A mail client posts it from its own servers when the person presses its "cancelar inscrição", with
 * no session and no page of ours behind it, so it is mounted before the cross-site write guard: the
 * signed token is the authorisation, and all it can do is switch that one host's summary off.
 * Mail clients get 200 and a sentence (RFC 8058 forbids redirecting them); a person's browser,
 * posting the confirmation page's button, is sent back to that page, which now says it is done.
 */
export function summaryOptOutHandler(services: Services): RequestHandler {
  const { database, config } = services;
  return async (req, res, next) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const done = await optOutByToken(database.db, config.authSecret, token);
      res.setHeader("Cache-Control", "no-store");
      if (req.get("sec-fetch-mode") === "navigate") {
        res.redirect(303, req.originalUrl);
        return;
      }
      res
        .status(done ? 200 : 400)
        .type("text/plain; charset=utf-8")
        .send(done ? "Pronto: você não vai mais receber o resumo mensal de desempenho do Recanto." : "Link inválido: nada foi alterado. Abra o link do email mais recente ou desmarque a opção em Meu Perfil.");
    } catch (err) {
      next(err);
    }
  };
}
