import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@web-control/contract/errors';
import {
  LINK_EXPIRED_MESSAGE,
  PASSWORD_HISTORY_DEPTH,
  PASSWORD_RECENTLY_USED,
  PASSWORD_TOO_COMMON,
} from '@web-control/contract/passwords';
import type { Clock, RandomSource } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import { isCommonPassword } from './common-passwords.ts';
import { composeEnrolmentMail, composeResetMail } from './password-mails.ts';
import { createPasswordResetRepository } from './password-reset-repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createAuthRepository } from './repository.ts';
import type { PasswordTokenPurpose } from './table.ts';
import { MINUTE_MS } from '../../time.ts';

export const PASSWORD_AUDIT_ACTIONS = {
  resetRequested: 'PASSWORD_RESET_REQUESTED',
  passwordSet: 'PASSWORD_SET',
  enrolmentSent: 'ENROLMENT_SENT',
} as const;

const PASSWORD_TOKEN_BYTES = 32;
const MINUTES_PER_HOUR = 60;

/** Where each kind of link opens in the console. */
export const PASSWORD_LINK_PATHS: Record<PasswordTokenPurpose, string> = {
  reset: '/reset/',
  enrolment: '/enroll/',
};

const LINK_TOKEN_IN_PATH = /\/(reset|enroll)\/[^/?#]+/g;

/** A URL fit for the log: the token of a reset or enrolment link (console page or API call) left out. */
export function redactLinkTokens(url: string): string {
  return url.replace(LINK_TOKEN_IN_PATH, '/$1/[token]');
}

export interface PasswordResetServiceDeps {
  db: Db;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  mail: MailService;
  log: FastifyBaseLogger;
  productName: string;
  resetTokenTtlMinutes: number;
  enrolmentTokenTtlHours: number;
  /** The console's address for links, without a trailing slash. */
  getPublicUrl(): string;
}

export interface EnrolmentRecipient {
  userId: string;
  username: string;
  email: string;
}

/** Tokens are stored only as this digest: a leaked table holds no usable link. */
export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type SetPasswordOutcome = { kind: 'set'; username: string } | { kind: 'expired' };

function refusedPassword(message: string): AppError {
  return new AppError(400, ERROR_CODES.validation, message, [
    { location: 'body', field: 'password', message },
  ]);
}

function linkExpired(): AppError {
  return new AppError(410, ERROR_CODES.linkExpired, LINK_EXPIRED_MESSAGE);
}

export function createPasswordResetService(deps: PasswordResetServiceDeps) {
  const repository = createPasswordResetRepository();
  const authRepository = createAuthRepository();
  const { db, clock, random, audit, mail } = deps;

  function validForMinutes(purpose: PasswordTokenPurpose): number {
    return purpose === 'reset' ? deps.resetTokenTtlMinutes : deps.enrolmentTokenTtlHours * MINUTES_PER_HOUR;
  }

  /** Stores a new link's digest and returns the link; the user's older links stop working. */
  async function createLink(executor: DbExecutor, userId: string, purpose: PasswordTokenPurpose) {
    const token = random.bytes(PASSWORD_TOKEN_BYTES).toString('base64url');
    const now = clock.now();
    await repository.spendOpenTokensOfUser(executor, userId, now);
    await repository.insertToken(executor, {
      tokenHash: hashPasswordToken(token),
      purpose,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + validForMinutes(purpose) * MINUTE_MS),
    });
    return `${deps.getPublicUrl()}${PASSWORD_LINK_PATHS[purpose]}${token}`;
  }

  /** Whether the password is the current one or one of those before it (PASSWORD_HISTORY_DEPTH in all). */
  async function isRecentPassword(userId: string, password: string): Promise<boolean> {
    const hashes = await repository.listRecentPasswordHashes(db, userId, PASSWORD_HISTORY_DEPTH);
    for (const hash of hashes) {
      if (await verifyPassword(hash, password)) {
        return true;
      }
    }
    return false;
  }

  return {
    /** Inside the transaction that creates the user; the mail goes out after it commits. */
    createEnrolmentLink: (executor: DbExecutor, userId: string) => createLink(executor, userId, 'enrolment'),

    /** Inside the transaction that changes the user's e-mail: links sent to the old address end. */
    spendOpenLinksOfUser: (executor: DbExecutor, userId: string) =>
      repository.spendOpenTokensOfUser(executor, userId, clock.now()),

    /**
     * Sends the enrolment mail and audits the outcome. A mail server failure does not undo the
     * created user: it is logged and audited, and the user can still ask for a reset link.
     */
    async sendEnrolmentMail(recipient: EnrolmentRecipient, link: string, actor: Actor): Promise<void> {
      const message = composeEnrolmentMail({
        productName: deps.productName,
        username: recipient.username,
        email: recipient.email,
        link,
        validForMinutes: validForMinutes('enrolment'),
      });
      let outcome: { outcome: 'success' } | { outcome: 'failure'; reason: string };
      try {
        await mail.send(message);
        outcome = { outcome: AUDIT_OUTCOMES.success };
      } catch (error) {
        deps.log.error({ err: error, userId: recipient.userId }, 'Sending the enrolment mail failed');
        outcome = { outcome: AUDIT_OUTCOMES.failure, reason: 'mail-failed' };
      }
      await audit.record(db, {
        action: PASSWORD_AUDIT_ACTIONS.enrolmentSent,
        outcome: outcome.outcome,
        actor: actor.username,
        clientAddress: actor.clientAddress,
        detail: {
          userId: recipient.userId,
          username: recipient.username,
          email: recipient.email,
          ...(outcome.outcome === 'failure' ? { reason: outcome.reason } : {}),
        },
      });
    },

    /**
     * Answers the same whatever the address: the link is stored and the mail sent in the
     * background, so neither the answer nor its timing tells whether the address is known.
     */
    async requestReset(email: string, context: Pick<Actor, 'clientAddress'>): Promise<void> {
      const users = email === '' ? [] : await repository.findUsersByEmail(db, email);
      if (users.length === 0) {
        await audit.record(db, {
          action: PASSWORD_AUDIT_ACTIONS.resetRequested,
          outcome: AUDIT_OUTCOMES.failure,
          actor: null,
          clientAddress: context.clientAddress,
          detail: { email, reason: 'unknown-address' },
        });
        return;
      }
      for (const user of users) {
        const link = await db.transaction().execute(async (tx) => {
          const created = await createLink(tx, user.userId, 'reset');
          await audit.record(tx, {
            action: PASSWORD_AUDIT_ACTIONS.resetRequested,
            outcome: AUDIT_OUTCOMES.success,
            actor: null,
            clientAddress: context.clientAddress,
            detail: { email, userId: user.userId, username: user.username },
          });
          return created;
        });
        mail.sendInBackground(
          composeResetMail({
            productName: deps.productName,
            username: user.username,
            email: user.email,
            link,
            validForMinutes: validForMinutes('reset'),
          }),
        );
      }
    },

    /** Reset and enrolment links alike: sets the password once, then every session and link of the user ends. */
    async setPassword(
      token: string,
      password: string,
      context: Pick<Actor, 'clientAddress'>,
    ): Promise<{ username: string }> {
      const refuse = async (reason: string, message: string) => {
        await audit.record(db, {
          action: PASSWORD_AUDIT_ACTIONS.passwordSet,
          outcome: AUDIT_OUTCOMES.refused,
          actor: null,
          clientAddress: context.clientAddress,
          detail: { reason },
        });
        return refusedPassword(message);
      };
      if (isCommonPassword(password)) {
        throw await refuse('too-common', PASSWORD_TOO_COMMON);
      }
      // Checked before the link is spent, so the user can try another password with it.
      const linkUserId = await repository.findUserOfOpenToken(db, hashPasswordToken(token), clock.now());
      if (linkUserId !== undefined && (await isRecentPassword(linkUserId, password))) {
        throw await refuse('recently-used', PASSWORD_RECENTLY_USED);
      }
      // Hashed before the transaction: argon2 takes a while, and PGlite's one connection waits.
      const passwordHash = await hashPassword(password);
      // Decided and committed first, so the refusal's audit row stays though the caller gets a 410.
      const outcome = await db.transaction().execute(async (tx): Promise<SetPasswordOutcome> => {
        const now = clock.now();
        const spent = await repository.spendToken(tx, hashPasswordToken(token), now);
        const user = spent && (await repository.findUsername(tx, spent.userId));
        if (spent === undefined || user === undefined) {
          await audit.record(tx, {
            action: PASSWORD_AUDIT_ACTIONS.passwordSet,
            outcome: AUDIT_OUTCOMES.refused,
            actor: null,
            clientAddress: context.clientAddress,
            detail: { reason: 'link-expired' },
          });
          return { kind: 'expired' };
        }
        await repository.rememberCurrentPassword(tx, spent.userId, now, PASSWORD_HISTORY_DEPTH - 1);
        await repository.setPasswordHash(tx, spent.userId, passwordHash);
        const revokedSessions = await authRepository.revokeRefreshTokensOfUser(tx, spent.userId, now);
        const spentLinks = await repository.spendOpenTokensOfUser(tx, spent.userId, now);
        await audit.record(tx, {
          action: PASSWORD_AUDIT_ACTIONS.passwordSet,
          outcome: AUDIT_OUTCOMES.success,
          actor: user.username,
          clientAddress: context.clientAddress,
          detail: { userId: spent.userId, purpose: spent.purpose, revokedSessions, spentLinks },
        });
        return { kind: 'set', username: user.username };
      });
      if (outcome.kind === 'expired') {
        throw linkExpired();
      }
      return { username: outcome.username };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
