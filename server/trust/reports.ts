import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, isNull, max, min, sql } from "drizzle-orm";
import { REPORT_MESSAGES, REPORT_REASON_LABELS, type ReportReason } from "../../common/reports";
import { accepted, refused, type Result } from "../../common/refusal";
import { firstName } from "../../common/text";
import { listingBackAfterReportsEmail, listingHiddenByReportsEmail } from "../accounts/emails";
import { isUniqueViolation, type Db } from "../db/client";
import { properties, reports, users } from "../db/schema";
import type { ModerationDeps } from "../moderation/moderation";
import { byKey } from "../properties/properties";

/**
 * Reports of listings and hosts (issue 44). An account has at most one open report per target, so
 * it counts once; a listing reported by `reportsToHide` distinct accounts leaves the results
 * (status "reported") until an operator either dismisses the reports (it comes back) or unpublishes
 * it; its host is emailed either way.
 */

export type ReportTarget = { kind: "anuncio"; key: string } | { kind: "anfitriao"; id: string };

/** An account younger than this is "new": its reports are rate-limited harder. */
const NEW_ACCOUNT_MS = 7 * 24 * 60 * 60 * 1000;

export async function isNewAccount(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return !row || Date.now() - row.createdAt.getTime() < NEW_ACCOUNT_MS;
}

/** What a report form names: the listing (public, or already hidden by reports) or the host (with a public page). */
export async function reportSubject(db: Db, target: ReportTarget) {
  if (target.kind === "anuncio") {
    if (target.key.length > 200) return null;
    const [row] = await db
      .select({ id: properties.id, slug: properties.slug, title: properties.title, hostId: properties.hostId })
      .from(properties)
      .where(and(byKey(target.key), sql`${properties.status} IN ('approved', 'reported')`));
    return row ? { kind: "anuncio" as const, id: row.id, title: row.title, path: `/accommodation/${row.slug}`, ownerId: row.hostId } : null;
  }
  if (target.id.length > 100) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, target.id), eq(users.userType, "host"), sql`EXISTS (SELECT 1 FROM ${properties} WHERE ${properties.hostId} = ${users.id} AND ${properties.status} IN ('approved', 'reported'))`));
  return row ? { kind: "anfitriao" as const, id: row.id, title: firstName(row.name), path: `/anfitriao/${row.id}`, ownerId: row.id } : null;
}

export type ReportSubject = NonNullable<Awaited<ReturnType<typeof reportSubject>>>;

/**
 * Stores one account's report. The listing is locked while its distinct open reporters are counted,
 * so reports sent at once hide it exactly when the last one needed arrives. Returns whether this
 * report hid the listing.
 */
export async function submitReport(
  services: ModerationDeps & { config: { reportsToHide: number } },
  reporterId: string,
  subject: ReportSubject,
  input: { reason: ReportReason; details: string },
): Promise<Result<{ hidden: boolean }>> {
  if (subject.ownerId === reporterId) return refused(403, subject.kind === "anuncio" ? REPORT_MESSAGES.ownListing : REPORT_MESSAGES.ownself);
  const { db } = services.database;
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      if (subject.kind === "anfitriao") {
        await tx.insert(reports).values({ reporterId, hostId: subject.id, ...input });
        return { hidden: false, reasons: [] as string[] };
      }
      const [listing] = await tx.select({ status: properties.status }).from(properties).where(eq(properties.id, subject.id)).for("update");
      if (!listing) return null;
      await tx.insert(reports).values({ reporterId, propertyId: subject.id, ...input });
      const [open] = await tx
        .select({ reporters: countDistinct(reports.reporterId), reasons: sql<ReportReason[]>`array_agg(DISTINCT ${reports.reason})` })
        .from(reports)
        .where(and(eq(reports.propertyId, subject.id), isNull(reports.resolvedAt)));
      const hidden = listing.status === "approved" && (open?.reporters ?? 0) >= services.config.reportsToHide;
      if (hidden) await tx.update(properties).set({ status: "reported" }).where(eq(properties.id, subject.id));
      return { hidden, reasons: (open?.reasons ?? []).map((reason) => REPORT_REASON_LABELS[reason]) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return refused(409, REPORT_MESSAGES.already);
    throw err;
  }
  if (!outcome) return refused(404, REPORT_MESSAGES.notFound);
  services.logger.info({ subject: subject.kind, id: subject.id, hidden: outcome.hidden }, "report received");
  if (outcome.hidden) {
    await emailHost(services, subject.id, (host) => listingHiddenByReportsEmail(host.email, host.name, subject.title, outcome.reasons, host.url("/minhas-propriedades")));
  }
  return accepted({ hidden: outcome.hidden });
}

async function emailHost(
  services: ModerationDeps,
  propertyId: string,
  message: (host: { email: string; name: string; url: (path: string) => string }) => Parameters<ModerationDeps["mailer"]["send"]>[0],
) {
  try {
    const [host] = await services.database.db
      .select({ email: users.email, name: users.name })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(eq(properties.id, propertyId));
    if (!host) return;
    await services.mailer.send(message({ ...host, url: (path) => new URL(path, services.config.BASE_URL).href }));
  } catch (err) {
    services.logger.error({ err, propertyId }, "report email to the host failed");
  }
}

/** Open reports, grouped by what they name, the most reported first (then the oldest). */
export async function reportQueue(db: Db) {
  const open = isNull(reports.resolvedAt);
  const grouped = (target: typeof reports.propertyId | typeof reports.hostId) =>
    db
      .select({ target: sql<string>`${target}`, reporters: countDistinct(reports.reporterId), first: min(reports.createdAt), last: max(reports.createdAt) })
      .from(reports)
      .where(and(open, isNotNull(target)))
      .groupBy(target)
      .orderBy(desc(countDistinct(reports.reporterId)), asc(min(reports.createdAt)))
      .limit(100);
  const [listings, hosts] = await Promise.all([grouped(reports.propertyId), grouped(reports.hostId)]);
  const titles = new Map(
    listings.length
      ? (await db.select({ id: properties.id, title: properties.title, status: properties.status }).from(properties).where(inArray(properties.id, listings.map((l) => l.target)))).map((p) => [p.id, p])
      : [],
  );
  const names = new Map(hosts.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, hosts.map((h) => h.target)))).map((u) => [u.id, u.name]) : []);
  return [
    ...listings.map((l) => ({ kind: "anuncio" as const, id: l.target, title: titles.get(l.target)?.title ?? "", status: titles.get(l.target)?.status ?? null, reporters: l.reporters, first: l.first!, last: l.last! })),
    ...hosts.map((h) => ({ kind: "anfitriao" as const, id: h.target, title: names.get(h.target) ?? "", status: null, reporters: h.reporters, first: h.first!, last: h.last! })),
  ].sort((a, b) => b.reporters - a.reporters || a.first.getTime() - b.first.getTime());
}

export async function openReportTargets(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT coalesce(${reports.propertyId}::text, ${reports.hostId}))::int` })
    .from(reports)
    .where(isNull(reports.resolvedAt));
  return row?.n ?? 0;
}

const targetColumn = (kind: ReportTarget["kind"]) => (kind === "anuncio" ? reports.propertyId : reports.hostId);

/** A target's open reports, oldest first, with who sent them (name, how long they have had an account). */
export async function openReportsOf(db: Db, kind: ReportTarget["kind"], id: string) {
  if (id.length > 100 || (kind === "anuncio" && !/^[0-9a-f-]{36}$/i.test(id))) return [];
  return db
    .select({ id: reports.id, reason: reports.reason, details: reports.details, createdAt: reports.createdAt, reporterName: users.name, reporterSince: users.createdAt })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(targetColumn(kind), id), isNull(reports.resolvedAt)))
    .orderBy(asc(reports.createdAt));
}

/** The number of reports an account has sent that are still open: shown to operators beside each report. */
export async function openReportCount(db: Db, reporterId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(and(eq(reports.reporterId, reporterId), isNull(reports.resolvedAt)));
  return row?.n ?? 0;
}

/**
 * Closes a target's open reports with the operator's outcome, never about the operator's own
 * listing or themself. Dismissed: a listing hidden by them comes back (its host is told).
 * Unpublished: the caller has just taken the listing down.
 */
export async function resolveReports(services: ModerationDeps, operatorId: string, kind: ReportTarget["kind"], id: string, outcome: "dismissed" | "unpublished"): Promise<Result<{ resolved: number; restored: boolean }>> {
  const { db } = services.database;
  const owner =
    kind === "anfitriao" ? id : ((await db.select({ hostId: properties.hostId }).from(properties).where(eq(properties.id, id)))[0]?.hostId ?? null);
  if (owner === operatorId) return refused(403, "Outra pessoa da equipe precisa analisar denúncias sobre você.");
  const result = await db.transaction(async (tx) => {
    const closed = await tx
      .update(reports)
      .set({ resolvedAt: sql`now()`, resolvedBy: operatorId, outcome })
      .where(and(eq(targetColumn(kind), id), isNull(reports.resolvedAt)))
      .returning({ id: reports.id });
    let restored: { title: string } | undefined;
    if (kind === "anuncio" && outcome === "dismissed" && closed.length > 0) {
      [restored] = await tx
        .update(properties)
        .set({ status: "approved" })
        .where(and(eq(properties.id, id), eq(properties.status, "reported")))
        .returning({ title: properties.title });
    }
    return { resolved: closed.length, restored };
  });
  if (result.resolved === 0) return refused(409, "Não há denúncias abertas sobre isto: outra pessoa da equipe já decidiu.");
  if (result.restored) {
    const title = result.restored.title;
    await emailHost(services, id, (host) => listingBackAfterReportsEmail(host.email, host.name, title, host.url(`/accommodation/${id}`)));
  }
  return accepted({ resolved: result.resolved, restored: Boolean(result.restored) });
}

/** What an operator reviewing reports sees of what they name; null when it does not exist. */
export async function reportedSubject(db: Db, kind: ReportTarget["kind"], id: string) {
  if (kind === "anuncio") {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await db
      .select({ title: properties.title, slug: properties.slug, status: properties.status, hostId: properties.hostId, hostName: users.name })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.hostId))
      .where(eq(properties.id, id));
    return row ? { ...row, ownerId: row.hostId } : null;
  }
  if (id.length > 100) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row ? { title: row.name, slug: null, status: null, hostId: id, hostName: row.name, ownerId: id } : null;
}
