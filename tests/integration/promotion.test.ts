import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promotionCounter, promotionGrants, users } from "../../server/db/schema";
import { grantPromotion, promotionEndsAt, PROMOTION_SLOTS } from "../../server/billing/promotion";
import { startTestApp, useTestApp } from "../support/app";
import { engine } from "../support/database";
import { signUpViaForm } from "../support/accounts";
import { Client } from "../support/http";

const signUp = (url: string, email: string, userType: "guest" | "host") => signUpViaForm(url, email, userType, "Pessoa Teste");

describe(`plan status and the first-100 promotion (${engine})`, () => {
  const t = useTestApp();

  it("a new host gets six months of Premium; a guest is on the free guest tier; logged out is refused", async () => {
    const host = await signUp(t.app.url, "promo-host@example.com", "host");
    const res = await host.get("/api/assinatura");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const status = await res.json();
    const [row] = await t.app.database.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.email, "promo-host@example.com"));
    expect(status).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      is_free_tier: true,
      is_guest: false,
      subscription_end: promotionEndsAt(row!.createdAt).toISOString(),
    });

    const guest = await signUp(t.app.url, "promo-guest@example.com", "guest");
    expect(await (await guest.get("/api/assinatura")).json()).toEqual({
      subscribed: true,
      subscription_tier: "Guest (Gratuito)",
      is_free_tier: false,
      is_guest: true,
      subscription_end: null,
    });

    const anonymous = await new Client(t.app.url).get("/api/assinatura");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Sua sessão expirou. Faça login novamente." });
  });

  it("the migration's end-of-promotion formula agrees with the application's, time zone included", async () => {
    for (const at of ["2026-11-21T10:00:00Z", "2026-12-01T01:30:00Z", "2026-08-31T15:00:00Z", "2027-08-31T15:00:00Z"]) {
      // Both drivers answer execute() with { rows }.
      const result = (await t.app.database.db.execute(
        sql`SELECT ((date_trunc('day', ${at}::timestamptz AT TIME ZONE 'America/Sao_Paulo') + interval '6 months' + interval '1 day') AT TIME ZONE 'America/Sao_Paulo') AS ends`,
      )) as unknown as { rows: { ends: Date | string }[] };
      expect(new Date(result.rows[0]!.ends).toISOString(), at).toBe(promotionEndsAt(new Date(at)).toISOString());
    }
  });
});

describe(`the promotion's 100 slots under concurrency (${engine})`, () => {
  it(`gives exactly ${PROMOTION_SLOTS} of 150 simultaneous hosts a slot, each slot once`, async () => {
    const app = await startTestApp();
    try {
      const db = app.database.db;
      const ids = Array.from({ length: 150 }, () => randomUUID());
      await db.insert(users).values(ids.map((id) => ({ id, name: "Anfitrião", email: `${id}@example.com`, userType: "host" as const })));
      const grants = await Promise.all(ids.map((id) => grantPromotion(db, id, new Date())));
      expect(grants.filter(Boolean)).toHaveLength(PROMOTION_SLOTS);
      const rows = await db.select({ slot: promotionGrants.slot }).from(promotionGrants);
      expect(rows.map((r) => r.slot).sort((a, b) => a - b)).toEqual(Array.from({ length: PROMOTION_SLOTS }, (_, i) => i + 1));
      expect(await db.select({ used: promotionCounter.used }).from(promotionCounter)).toEqual([{ used: PROMOTION_SLOTS }]);

      // The 101st host signs up to the free plan and must subscribe.
      const late = await signUp(app.url, "host-101@example.com", "host");
      expect(await (await late.get("/api/assinatura")).json()).toMatchObject({ subscribed: false, is_free_tier: false, subscription_tier: null });
    } finally {
      await app.close();
    }
  });
});
