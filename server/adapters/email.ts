import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe …), sent as given. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** SMTP when a URL is configured; otherwise each message is written to an outbox folder as .eml and logged. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "email sent over SMTP");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let written = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      // Two emails to one address can be written in the same millisecond (timers firing together after a busy moment):
      // the process and a count keep both, in the order they were sent.
      written += 1;
      const file = path.join(outboxDir, `${Date.now()}-${process.pid}-${String(written).padStart(9, "0")}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, "email written to outbox");
    },
  };
}
