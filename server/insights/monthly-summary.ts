import { and, asc, eq, gt, sql } from "drizzle-orm";
import { formatCount, formatMonthYear } from "../../common/format";
import { costText } from "../../common/contact-cost";
import { METRIC_LABELS, METRICS, NO_COUNTS, type Counts } from "../../common/insights";
import { SUMMARY_OPT_OUT_PATH } from "../../common/monthly-summary";
import { addNights, startOfNight } from "../../common/nights";
import { firstName } from "../../common/text";
import { monthlySummaryEmail, type EmailTable } from "../accounts/emails";
import { planFor } from "../billing/status";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { monthlySummaries, monthlySummaryMonths, properties, publicProperty, users } from "../db/schema";
import { sendClaimedEmails } from "../jobs/claimed-emails";
import type { JobContext } from "../jobs/runner";
import { costOf, listingCounts, previousMonth, totalsOf, type DayRange } from "./insights";
import { optOutToken } from "./summary-opt-out";

/**
 * The monthly summary email (issue 46, decision 034): from the 1st of each month (Brazil's), every
 * host with a public listing who has not switched it off gets the last month's numbers once. The
 * (host, month) row is written in the claim's transaction, so a second process or run finds it
 * taken; once no host is left, the month is marked finished and later runs read that one row.
 */

/** Hosts emailed per run at most: the rest wait for the next run. */
const BATCH = 500;

export function sendMonthlySummaries(context: JobContext): Promise<number> {
  const month = previousMonth(context.now());
  let after = "";
  return sendClaimedEmails(
    context,
    async (tx) => {
      if (after === "" && (await tx.select({ month: monthlySummaryMonths.month }).from(monthlySummaryMonths).where(eq(monthlySummaryMonths.month, month.first))).length > 0) return null;
      for (;;) {
        // The hosts in id order from the last one claimed this run: each query starts where the previous stopped.
        const [host] = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(
            and(
              gt(users.id, after),
              eq(users.userType, "host"),
              eq(users.monthlySummaryEmail, true),
              sql`EXISTS (SELECT 1 FROM ${properties} WHERE ${properties.hostId} = ${users.id} AND ${publicProperty})`,
              sql`NOT EXISTS (SELECT 1 FROM ${monthlySummaries} WHERE ${monthlySummaries.hostId} = ${users.id} AND ${monthlySummaries.month} = ${month.first})`,
            ),
          )
          .orderBy(asc(users.id))
          .limit(1);
        if (!host) {
          await tx.insert(monthlySummaryMonths).values({ month: month.first, finishedAt: context.now() }).onConflictDoNothing();
          return null;
        }
        after = host.id;
        // Another process may have claimed this host since the query's snapshot: the key says so, and the next one is looked for.
        const claimed = await tx.insert(monthlySummaries).values({ hostId: host.id, month: month.first, sentAt: context.now() }).onConflictDoNothing().returning({ hostId: monthlySummaries.hostId });
        if (claimed.length === 0) continue;
        return {
          message: () => summaryEmail(context.db, context.config, host, month),
          release: (db) => db.delete(monthlySummaries).where(and(eq(monthlySummaries.hostId, host.id), eq(monthlySummaries.month, month.first))),
        };
      }
    },
    BATCH,
  );
}

async function summaryEmail(db: Db, config: Config, host: { id: string; name: string; email: string }, month: DayRange) {
  // The plan as it stood at the month's last moment.
  const monthEnd = new Date(startOfNight(addNights(month.last, 1)).getTime() - 1);
  const [counts, listings, plan] = await Promise.all([
    listingCounts(db, host.id, month),
    db
      .select({ id: properties.id, title: properties.title, isPublic: sql<boolean>`${publicProperty}` })
      .from(properties)
      .where(eq(properties.hostId, host.id))
      .orderBy(asc(properties.title), asc(properties.id)),
    planFor(db, { id: host.id, userType: "host" }, monthEnd),
  ]);
  // Public listings, and any other that counted something that month, so the listings add up to the total.
  const shown = listings.filter((listing) => listing.isPublic || counts.has(listing.id)).map((listing) => ({ title: listing.title, counts: counts.get(listing.id) ?? NO_COUNTS }));
  const total = totalsOf(shown.map((listing) => listing.counts));
  const monthWords = formatMonthYear(month.first);
  const cost = costText(costOf(plan.status, total.contacts), { words: `em ${monthWords}`, ended: true });
  const rows = (c: Counts) => METRICS.map((metric) => [METRIC_LABELS[metric], formatCount(c[metric])] as const);
  const totalTable: EmailTable = {
    caption: shown.length === 1 ? shown[0]!.title : `Todos os anúncios (${formatCount(shown.length)})`,
    rows: [...rows(total), ["Custo por contato", cost.value]],
    note: cost.note,
  };
  const tables = shown.length === 1 ? [totalTable] : [totalTable, ...shown.map((listing) => ({ caption: listing.title, rows: rows(listing.counts) }))];
  return monthlySummaryEmail(
    host.email,
    firstName(host.name),
    { month: monthWords, tables },
    { insights: `${config.BASE_URL}/minhas-propriedades/desempenho`, optOut: `${config.BASE_URL}${SUMMARY_OPT_OUT_PATH}?token=${encodeURIComponent(optOutToken(config.authSecret, host.id))}` },
  );
}
