import type { RequestHandler } from "express";
import { BEACON_KINDS, type BeaconKind } from "../../common/view-beacon";
import { hasSessionCookie, readSession } from "../accounts/auth";
import { fromNodeHeaders } from "better-auth/node";
import { isRobot, recordView, viewDay, visitorKey } from "../insights/views";
import type { Services } from "../services";

/**
 * POST /api/visitas?tipo=pagina|galeria&anuncio=ID, the beacon a listing's page and gallery send once
 * shown (app/lib/use-view-beacon.ts). Always 204, with nothing to read: what is not a person's view
 * (a robot, a prefetch, a request no page of ours sent) is dropped, and so is a failed insert (logged),
 * so neither a robot nor an outage learns anything or breaks a page (decision 032).
 */
export function viewBeaconHandler(services: Services): RequestHandler {
  const { config, database, logger, clock } = services;
  const ownOrigin = new URL(config.BASE_URL).origin;
  return async (req, res) => {
    try {
      const kind = BEACON_KINDS[String(req.query.tipo) as BeaconKind];
      const listingId = req.query.anuncio;
      const userAgent = req.get("user-agent") ?? "";
      // A browser's beacon names its page's origin; prefetches and robots are not views.
      const counted = kind && typeof listingId === "string" && req.get("origin") === ownOrigin && !isPrefetch(req.get("sec-purpose") ?? req.get("purpose")) && !isRobot(userAgent);
      if (!counted || (await services.limiter.consume("view", { ip: req.ip ?? "" })) !== null) return;
      const day = viewDay(clock.now());
      const session = hasSessionCookie(req.get("cookie")) ? await readSession(services.auth, fromNodeHeaders(req.headers)) : null;
      const visitor = visitorKey(config.authSecret, day, session ? { userId: session.user.id } : { ip: req.ip ?? "", userAgent });
      await recordView(database.db, listingId, kind, visitor, day);
    } catch (err) {
      logger.warn({ err }, "view not recorded");
    } finally {
      res.status(204).end();
    }
  };
}

const isPrefetch = (purpose: string | undefined) => purpose !== undefined && /prefetch|prerender/i.test(purpose);
