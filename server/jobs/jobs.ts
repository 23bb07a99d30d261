import { removeListedFiles } from "../media/file-deletions";
import { backfillPhotoHashes } from "../media/photo-fingerprints";
import { removeStaleUploads, STAGED_UPLOAD_TTL_MS } from "../media/uploads";
import { feedSyncSettings, syncDueFeeds } from "../availability/feed-sync";
import { forgetOldFootprints } from "../trust/footprints";
import { forgetOldViews } from "../insights/views";
import { sendMonthlySummaries } from "../insights/monthly-summary";
import { askWhetherHostsAnswered, sendReviewInvitations } from "../trust/trust-emails";
import { drawDueListingCards } from "../sharing/listing-cards";
import type { Job } from "./runner";

const MINUTE = 60_000;

/** Staged uploads no form claimed within STAGED_UPLOAD_TTL_MS: rows, then files (server/media/uploads.ts). */
export const staleUploadsJob: Job = {
  name: "stale-uploads",
  counts: "envios de imagens nunca salvos removidos",
  everyMs: 60 * MINUTE,
  run: ({ db, storage, signal }) => removeStaleUploads(db, storage, new Date(Date.now() - STAGED_UPLOAD_TTL_MS), signal),
};

/**
 * Files listed for deletion and not removed yet: normally removed right after their rows, so this
 * finds only what a killed process or an unreachable storage left (server/media/file-deletions.ts).
 */
export const fileDeletionsJob: Job = {
  name: "file-deletions",
  counts: "exclusões pendentes de arquivos de imagem concluídas",
  everyMs: 10 * MINUTE,
  run: ({ db, storage, signal }) => removeListedFiles(db, storage, { signal }),
};

/**
 * Connected calendars due for a sync (each every CALENDAR_SYNC_MINUTES, sooner after a failure):
 * looked for every minute, by every process, each feed leased by the one syncing it.
 */
export const calendarFeedsJob: Job = {
  name: "calendar-feeds",
  counts: "calendários conectados sincronizados",
  everyMs: MINUTE,
  leasesItsWork: true,
  run: ({ db, config, signal }) => syncDueFeeds(db, feedSyncSettings(config), { signal }),
};

/**
 * Listing photos without perceptual hashes (stored before hashing existed, or by the seed
 * commands): read from storage and hashed, a batch at a time (server/media/photo-fingerprints.ts).
 * Uploads are hashed as they arrive, so after the first runs it normally finds nothing.
 */
export const photoHashesJob: Job = {
  name: "photo-hashes",
  counts: "fotos de anúncios analisadas",
  everyMs: 60 * MINUTE,
  run: ({ db, storage, signal }) => backfillPhotoHashes(db, storage, signal),
};

/** Confirmed stays past their check-out: the guest is invited by email to review (server/trust/trust-emails.ts). */
export const reviewInvitationsJob: Job = {
  name: "review-invitations",
  counts: "convites para avaliar hospedagens enviados",
  everyMs: 15 * MINUTE,
  run: sendReviewInvitations,
};

/** Contacts a day old: the guest is asked once whether the host answered (server/trust/trust-emails.ts). */
export const responseQuestionsJob: Job = {
  name: "response-questions",
  counts: "perguntas “O anfitrião respondeu?” enviadas",
  everyMs: 15 * MINUTE,
  run: askWhetherHostsAnswered,
};

/** Footprints of trust actions older than FOOTPRINT_DAYS (server/trust/footprints.ts). */
export const oldFootprintsJob: Job = {
  name: "old-footprints",
  counts: "registros de origem antigos apagados",
  everyMs: 24 * 60 * MINUTE,
  run: ({ db, now }) => forgetOldFootprints(db, now()),
};

/** Listing views older than INSIGHTS_DAYS, the longest period the insights show (server/insights/views.ts). */
export const oldViewsJob: Job = {
  name: "old-views",
  counts: "visualizações antigas apagadas",
  everyMs: 24 * 60 * MINUTE,
  run: ({ db, now }) => forgetOldViews(db, now()),
};

/**
 * Link previews of public listings whose title, place, price or photos changed (or that have none
 * yet): drawn a few at a time, at most RUN_BUDGET_MS a run (server/sharing/listing-cards.ts).
 */
export const listingCardsJob: Job = {
  name: "listing-cards",
  counts: "imagens de compartilhamento de anúncios desenhadas",
  everyMs: MINUTE,
  run: drawDueListingCards,
};

/**
 * From the 1st of each month (Brazil's), each host with a public listing gets last month's numbers
 * by email once, unless they switched it off (server/insights/monthly-summary.ts). Once every host
 * has theirs, a run costs one read until the next month.
 */
export const monthlySummaryJob: Job = {
  name: "insights-summary",
  counts: "resumos mensais de desempenho enviados",
  everyMs: 60 * MINUTE,
  run: sendMonthlySummaries,
};

/** Every background job, in the order `jobs:run` runs them: a cleanup lists files the next one removes. */
export const JOBS: readonly Job[] = [staleUploadsJob, listingCardsJob, fileDeletionsJob, calendarFeedsJob, photoHashesJob, reviewInvitationsJob, responseQuestionsJob, oldFootprintsJob, oldViewsJob, monthlySummaryJob];
