import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** The folder under DATA_DIR where messages are written when no SMTP server is configured. */
export const MAIL_FOLDER_NAME = 'mail';
export const MAIL_FILE_EXTENSION = '.eml';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; logged when the message is only written to a file. */
  link: string;
}

export interface MailService {
  /** Where messages are written (no SMTP_URL), or undefined when they go to an SMTP server. */
  readonly folder: string | undefined;
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait, so an answer's timing says nothing; failures are logged. */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background send has settled (tests, shutdown). */
  whenIdle(): Promise<void>;
  close(): void;
}

export interface MailServiceOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

export function getMailFolder(dataDir: string): string {
  return path.join(dataDir, MAIL_FOLDER_NAME);
}

/** "2026-03-02T08-00-00-000Z-0001-ann@example.com.eml": sorts by time, names the recipient. */
export function toMailFileName(sentAt: Date, sequence: number, recipient: string): string {
  const stamp = sentAt.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${String(sequence).padStart(4, '0')}-${toSafeRecipient(recipient)}${MAIL_FILE_EXTENSION}`;
}

/**
 * The recipient as a file name's part. Cut to 200 characters: an address may be 254, and the
 * whole name (with the time, the sequence and `.eml.partial`) must stay within a file system's 255.
 */
export function toSafeRecipient(recipient: string): string {
  return recipient
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 200);
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under DATA_DIR/mail. */
export function createMailService(options: MailServiceOptions): MailService {
  const { log } = options;
  const folder = options.smtpUrl === undefined ? getMailFolder(options.dataDir) : undefined;
  const smtp = options.smtpUrl === undefined ? undefined : nodemailer.createTransport(options.smtpUrl);
  // Renders the message into a buffer instead of sending it.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  let sequence = 0;

  async function writeToFolder(target: string, envelope: Mail.Options, message: MailMessage): Promise<void> {
    const info = await renderer.sendMail(envelope);
    const content: unknown = info.message;
    if (!Buffer.isBuffer(content)) {
      throw new Error('The mail stream transport returned no buffer');
    }
    sequence += 1;
    // Wall time, not the injectable clock: the name only orders the files for people and tests.
    const file = path.join(target, toMailFileName(new Date(), sequence, message.to));
    await mkdir(target, { recursive: true });
    // Written beside and renamed, so a reader never sees half a message.
    await writeFile(`${file}.partial`, content);
    await rename(`${file}.partial`, file);
    log.info({ to: message.to, file, link: message.link }, `Mail written (no SMTP_URL): ${message.link}`);
  }

  async function send(message: MailMessage): Promise<void> {
    const envelope: Mail.Options = {
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    };
    if (smtp === undefined || folder !== undefined) {
      await writeToFolder(folder ?? getMailFolder(options.dataDir), envelope, message);
      return;
    }
    await smtp.sendMail(envelope);
    log.info({ to: message.to, subject: message.subject }, 'Mail sent');
  }

  return {
    folder,
    send,
    sendInBackground(message) {
      const sending = send(message)
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, 'Sending mail failed');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async whenIdle() {
      while (pending.size > 0) {
        await Promise.all(pending);
      }
    },
    close() {
      smtp?.close();
      renderer.close();
    },
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
