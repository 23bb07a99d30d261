import type { EmailMessage } from "../adapters/email";
import type { Db } from "../db/client";
import type { JobContext } from "./runner";

/**
 * Emails that jobs send once each (decisions 029 and 034): each is claimed in a short transaction
 * (its row written or marked, so nobody else takes it), then written and sent outside it, so no
 * send holds the database; a failure to write or send it takes the claim back for the next run and
 * ends this one. No email is sent twice; a process killed between the claim and the send loses that
 * one email.
 */

export interface Claim {
  /** The email, or how to write it once the claim is committed (reads that need no transaction, made outside it). */
  message: EmailMessage | (() => Promise<EmailMessage>);
  /** Takes the claim back after a failed send. */
  release(db: Db): Promise<unknown>;
}

/** Claims and sends one email at a time until `claimOne` finds none (null), `batch` are sent or the job is stopped; returns how many were sent. */
export async function sendClaimedEmails(context: JobContext, claimOne: (tx: Db) => Promise<Claim | null>, batch: number): Promise<number> {
  let sent = 0;
  while (sent < batch && !context.signal.aborted) {
    const claim = await context.db.transaction(claimOne);
    if (!claim) break;
    try {
      await context.mailer.send(typeof claim.message === "function" ? await claim.message() : claim.message);
    } catch (error) {
      await claim.release(context.db);
      throw error;
    }
    sent++;
  }
  return sent;
}
