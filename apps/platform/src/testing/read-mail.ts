// Reads the messages the platform writes under DATA_DIR/mail when no SMTP_URL is set. Only node
// built-ins, so the browser tests can import it as well as the integration tests.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface WrittenMail {
  /** The .eml file. */
  file: string;
  to: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  /** The first http(s) address in the text, or undefined. */
  link: string | undefined;
}

const MAIL_FOLDER_NAME = 'mail';
const MAIL_FILE_EXTENSION = '.eml';

/** Mirrors the mail module's file naming: "<time>-<sequence>-<recipient>.eml". */
function toSafeRecipient(recipient: string): string {
  return recipient
    .toLowerCase()
    .replace(/[^a-z0-9@._+-]/g, '_')
    .slice(0, 200);
}

/** The newest message written for `recipient` under `dataDir`, or undefined when there is none. */
export async function readLatestMail(dataDir: string, recipient: string): Promise<WrittenMail | undefined> {
  const [newest] = await listMailFiles(dataDir, recipient);
  return newest === undefined ? undefined : readMailFile(newest);
}

/** Every message file written for `recipient`, newest first. */
export async function listMailFiles(dataDir: string, recipient: string): Promise<string[]> {
  const folder = path.join(dataDir, MAIL_FOLDER_NAME);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw error;
  }
  const suffix = `-${toSafeRecipient(recipient)}${MAIL_FILE_EXTENSION}`;
  return names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .reverse()
    .map((name) => path.join(folder, name));
}

export async function readMailFile(file: string): Promise<WrittenMail> {
  const source = (await readFile(file, 'utf8')).replaceAll('\r\n', '\n');
  const headerEnd = source.indexOf('\n\n');
  const headers = parseHeaders(source.slice(0, headerEnd));
  const text = findTextPart(headers, source.slice(headerEnd + 2));
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text,
    link: /https?:\/\/[^\s<>"]+/.exec(text)?.[0],
  };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines continue the header above them.
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return headers;
}

function findTextPart(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) {
    return decodeBody(body, headers.get('content-transfer-encoding'));
  }
  for (const part of body.split(`--${boundary}`)) {
    const trimmed = part.replace(/^\n/, '');
    const end = trimmed.indexOf('\n\n');
    if (end < 0) {
      continue;
    }
    const partHeaders = parseHeaders(trimmed.slice(0, end));
    const partBody = trimmed.slice(end + 2);
    const partType = partHeaders.get('content-type') ?? '';
    if (partType.startsWith('multipart/')) {
      return findTextPart(partHeaders, partBody);
    }
    if (partType.startsWith('text/plain')) {
      return decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    }
  }
  return '';
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= in headers. */
function decodeEncodedWords(header: string): string {
  return header.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi,
    (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
}
