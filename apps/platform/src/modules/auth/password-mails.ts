import { escapeHtml, type MailMessage } from '../mail/service.ts';

export interface PasswordMailInput {
  productName: string;
  username: string;
  email: string;
  link: string;
  validForMinutes: number;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** 60 → "1 hour", 10080 → "7 days", 90 → "90 minutes". */
export function describeDuration(minutes: number): string {
  const [amount, unit] =
    minutes % MINUTES_PER_DAY === 0
      ? [minutes / MINUTES_PER_DAY, 'day']
      : minutes % MINUTES_PER_HOUR === 0
        ? [minutes / MINUTES_PER_HOUR, 'hour']
        : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function compose(input: PasswordMailInput, subject: string, lines: string[], action: string): MailMessage {
  const validity = `The link works once and expires in ${describeDuration(input.validForMinutes)}.`;
  const text = [`Hello ${input.username},`, '', ...lines, '', input.link, '', validity, ''].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<p>Hello ${escapeHtml(input.username)},</p>`,
    paragraphs,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.email, subject, text, html, link: input.link };
}

export function composeEnrolmentMail(input: PasswordMailInput): MailMessage {
  return compose(
    input,
    `${input.productName}: choose your password`,
    [
      `An account named ${input.username} has been created for you on ${input.productName}.`,
      'Open this link to choose your password:',
    ],
    'Choose your password',
  );
}

export function composeResetMail(input: PasswordMailInput): MailMessage {
  return compose(
    input,
    `${input.productName}: reset your password`,
    [
      `Someone asked to reset the password of your ${input.productName} account ${input.username}.`,
      'If it was you, open this link to choose a new password. If it was not, ignore this message: your password stays as it is.',
    ],
    'Choose a new password',
  );
}
