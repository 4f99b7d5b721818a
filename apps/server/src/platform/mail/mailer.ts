/**
 * Outgoing mail. With an SMTP server configured, messages go through it; without one they are
 * written as RFC 822 files into an outbox directory, so a sandbox installation shows what it would
 * send instead of silently dropping it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One message: plain text, optionally with files attached from disk. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; path: string }[];
}

export interface Mailer {
  /** Sends (or, without SMTP, files) one message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** smtp:// or smtps:// with credentials in the URL; absent: write to outboxDir. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. 'つなぐ <no-reply@tsunagu.invalid>'. */
  mailFrom: string;
  /** Where messages are written when there is no SMTP server. */
  outboxDir: string;
}

/** The mailer the settings call for. */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ ...message, from: settings.mailFrom });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: settings.mailFrom });
      await mkdir(settings.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written beside, then renamed: whoever watches the outbox never reads half a message.
      const temporary = join(settings.outboxDir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, join(settings.outboxDir, name));
    },
    close: () => transport.close(),
  };
}
