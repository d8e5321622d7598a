import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { TokenPair } from '@web-control/contract/auth';
import { ERROR_CODES } from '@web-control/contract/errors';
import { SSO_MESSAGES } from '@web-control/contract/sso';
import type { Clock, RandomSource } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import type { ExternalSignIn } from '../auth/service.ts';
import type { UserRow } from '../auth/table.ts';
import { createSsoRepository } from './repository.ts';
import type { IdentityLinkMethod } from './table.ts';
import { MINUTE_MS } from '../../time.ts';

/** A started sign-on can be finished for this long. */
export const SSO_TRANSACTION_TTL_MINUTES = 10;
/** Seconds before a call to the identity provider gives up. */
export const IDENTITY_PROVIDER_TIMEOUT_SECONDS = 10;
const SECRET_BYTES = 32;

/** The login route of the console: the only redirect URI this platform accepts. */
export const CONSOLE_LOGIN_PATH = '/login';

export const SSO_AUDIT_ACTIONS = {
  login: 'LOGIN',
  loginFailed: 'LOGIN_FAILED',
  identityLinked: 'IDENTITY_LINKED',
  identityUnlinked: 'IDENTITY_UNLINKED',
} as const;

export const SSO_LOGIN_METHOD = 'sso';

/** Parameters the platform sets itself; a caller's extras never replace them. */
const RESERVED_AUTHORIZATION_PARAMS = new Set([
  'redirectUri',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'request',
  'request_uri',
]);

export interface OidcSettings {
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecret?: string | undefined;
  oidcScopes: string;
}

export interface SsoServiceDeps {
  db: Db;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  externalSignIn: ExternalSignIn;
  settings: OidcSettings;
  getSigningSecret(): Promise<Uint8Array>;
}

/** Transactions are found by this digest: the table never holds a state that could be replayed. */
export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** Only the caller's extra parameters that change nothing the platform decides. */
export function selectExtraParameters(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !RESERVED_AUTHORIZATION_PARAMS.has(entry[0]),
    ),
  );
}

/** Refused before anything is stored or sent: the body says why. */
function transactionRefused(): AppError {
  return new AppError(401, ERROR_CODES.ssoStateInvalid, SSO_MESSAGES.stateInvalid);
}

function providerUnavailable(cause: unknown): AppError {
  const error = new AppError(503, ERROR_CODES.identityProviderUnavailable, SSO_MESSAGES.providerUnavailable);
  error.cause = cause;
  return error;
}

/** A network failure or timeout reaching the provider, as opposed to the provider saying no. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && error.message === 'fetch failed';
}

function describeError(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.error}: ${error.error_description ?? ''}`.trim();
  if (error instanceof oidc.AuthorizationResponseError) return error.error;
  return error instanceof Error ? error.message : String(error);
}

interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  preferredUsername: string | undefined;
}

function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

type ResolveOutcome =
  { kind: 'signed-in'; pair: TokenPair } | { kind: 'unknown' } | { kind: 'disabled'; username: string };

export function createSsoService(deps: SsoServiceDeps) {
  const repository = createSsoRepository();
  const { db, clock, random, audit, externalSignIn, settings } = deps;
  let configuration: Promise<oidc.Configuration> | undefined;

  async function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(settings.oidcIssuer);
    const secret = settings.oidcClientSecret;
    const config = await oidc.discovery(
      issuer,
      settings.oidcClientId,
      secret === undefined ? undefined : { client_secret: secret },
      secret === undefined ? oidc.None() : oidc.ClientSecretBasic(secret),
      {
        timeout: IDENTITY_PROVIDER_TIMEOUT_SECONDS,
        // An http issuer is the operator's explicit choice (a local provider for the demo and tests).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- flagged only to stand out; see the comment above
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      },
    );
    // ID tokens from the token endpoint are checked against the provider's published keys too.
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  /** Discovered once; a failure is forgotten so the next sign-in tries again. */
  async function getConfiguration(): Promise<oidc.Configuration> {
    configuration ??= discover().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    try {
      return await configuration;
    } catch (error) {
      throw providerUnavailable(error);
    }
  }

  function recordFailure(
    context: Pick<Actor, 'clientAddress'>,
    reason: string,
    detail: Record<string, unknown> = {},
  ) {
    return audit.record(db, {
      action: SSO_AUDIT_ACTIONS.loginFailed,
      outcome: AUDIT_OUTCOMES.failure,
      actor: typeof detail.actor === 'string' ? detail.actor : null,
      clientAddress: context.clientAddress,
      detail: { method: SSO_LOGIN_METHOD, reason, ...detail },
    });
  }

  async function readIdentity(
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<ExternalIdentity> {
    const claims = tokens.claims();
    if (claims === undefined) {
      throw new Error('the token response has no ID token');
    }
    let extra: Record<string, unknown> = {};
    const hasProfile =
      readString(claims.email) !== undefined || readString(claims.preferred_username) !== undefined;
    // Providers may keep profile claims out of the ID token of a code flow and serve them here.
    if (!hasProfile && config.serverMetadata().userinfo_endpoint !== undefined) {
      extra = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    }
    const merged: Record<string, unknown> = { ...extra, ...claims };
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: readString(merged.email),
      emailVerified: merged.email_verified === true,
      preferredUsername: readString(merged.preferred_username),
    };
  }

  /** The platform user for an identity: already linked (issuer and subject), or linked now by verified e-mail. */
  async function resolveAndSignIn(
    identity: ExternalIdentity,
    context: Pick<Actor, 'clientAddress'>,
    secret: Uint8Array,
  ): Promise<ResolveOutcome> {
    return db.transaction().execute(async (tx): Promise<ResolveOutcome> => {
      const now = clock.now();
      const linked = await repository.findIdentity(tx, identity.issuer, identity.subject);
      let user: UserRow | undefined;
      let linkBy: IdentityLinkMethod | undefined;
      if (linked !== undefined) {
        user = await externalSignIn.findUserById(tx, linked.user_id);
      } else {
        // Only an address the provider has verified: preferred_username (and an unverified e-mail)
        // is whatever the user typed into their profile, so it could claim anybody's account.
        if (identity.email !== undefined && identity.emailVerified) {
          const matches = await externalSignIn.findUsersByEmail(tx, identity.email);
          // Two accounts sharing an address: linking either would be a guess.
          if (matches.length === 1) {
            user = matches[0];
            linkBy = 'email';
          }
        }
      }
      if (user === undefined) {
        return { kind: 'unknown' };
      }
      if (user.disabled) {
        return { kind: 'disabled', username: user.username };
      }
      if (linked === undefined && linkBy !== undefined) {
        await repository.insertIdentity(tx, {
          issuer: identity.issuer,
          subject: identity.subject,
          userId: user.user_id,
          linkedBy: linkBy,
          now,
        });
        await audit.record(tx, {
          action: SSO_AUDIT_ACTIONS.identityLinked,
          outcome: AUDIT_OUTCOMES.success,
          actor: user.username,
          clientAddress: context.clientAddress,
          detail: { issuer: identity.issuer, subject: identity.subject, linkedBy: linkBy },
        });
      } else if (linked !== undefined) {
        await repository.touchIdentity(tx, linked.identity_id, now);
      }
      const pair = await externalSignIn.issueTokenPair(tx, user, secret);
      await audit.record(tx, {
        action: SSO_AUDIT_ACTIONS.login,
        outcome: AUDIT_OUTCOMES.success,
        actor: user.username,
        clientAddress: context.clientAddress,
        detail: { method: SSO_LOGIN_METHOD, issuer: identity.issuer, subject: identity.subject },
      });
      return { kind: 'signed-in', pair };
    });
  }

  return {
    /**
     * Starts a sign-on: stores the PKCE verifier and nonce under the state's digest and answers
     * the provider's authorization address to redirect the browser to.
     */
    async startSignIn(input: {
      redirectUri: string;
      state: string;
      extras: Record<string, string>;
    }): Promise<URL> {
      const config = await getConfiguration();
      const now = clock.now();
      const codeVerifier = random.bytes(SECRET_BYTES).toString('base64url');
      const nonce = random.bytes(SECRET_BYTES).toString('base64url');
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      await repository.deleteExpiredTransactions(db, now);
      await repository.insertTransaction(db, {
        stateHash: hashState(input.state),
        issuer: config.serverMetadata().issuer,
        redirectUri: input.redirectUri,
        codeVerifier,
        nonce,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SSO_TRANSACTION_TTL_MINUTES * MINUTE_MS),
      });
      return oidc.buildAuthorizationUrl(config, {
        ...input.extras,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: settings.oidcScopes,
        state: input.state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    /** Finishes a sign-on: spends the transaction, exchanges the code and signs the user in. */
    async exchangeCode(
      input: { redirectUri: string; code: string; state: string; iss?: string | undefined },
      context: Pick<Actor, 'clientAddress'>,
    ): Promise<TokenPair> {
      const stateHash = hashState(input.state);
      const now = clock.now();
      // Spent first and committed on its own: whatever happens next, the state can't be replayed.
      const transaction = await repository.spendTransaction(db, stateHash, now);
      if (transaction === undefined) {
        const used = await repository.isTransactionUsed(db, stateHash);
        await recordFailure(context, used ? 'state-used' : 'state-unknown');
        throw transactionRefused();
      }
      if (transaction.expires_at <= now) {
        await recordFailure(context, 'state-expired');
        throw transactionRefused();
      }
      if (transaction.redirect_uri !== input.redirectUri) {
        await recordFailure(context, 'redirect-uri-mismatch');
        throw new AppError(400, ERROR_CODES.badRequest, SSO_MESSAGES.redirectUriInvalid);
      }
      const config = await getConfiguration();
      if (transaction.issuer !== config.serverMetadata().issuer) {
        await recordFailure(context, 'issuer-changed');
        throw transactionRefused();
      }

      const callback = new URL(transaction.redirect_uri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      // RFC 9207: checked when the console forwards it; with a single configured issuer there
      // is no other provider to mix up, so a missing one stands for that issuer.
      callback.searchParams.set('iss', input.iss ?? transaction.issuer);

      let identity: ExternalIdentity;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: transaction.code_verifier,
          expectedState: input.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        identity = await readIdentity(config, tokens);
      } catch (error) {
        if (isUnreachable(error)) {
          await recordFailure(context, 'provider-unreachable');
          throw providerUnavailable(error);
        }
        await recordFailure(context, 'exchange-failed', { error: describeError(error) });
        throw new AppError(401, ERROR_CODES.ssoFailed, SSO_MESSAGES.failed);
      }

      const secret = await deps.getSigningSecret();
      const outcome = await resolveAndSignIn(identity, context, secret);
      const who = {
        actor: identity.preferredUsername ?? identity.email ?? null,
        issuer: identity.issuer,
        subject: identity.subject,
      };
      switch (outcome.kind) {
        case 'signed-in':
          return outcome.pair;
        case 'unknown':
          await recordFailure(context, 'unknown-identity', { ...who, email: identity.email ?? null });
          throw new AppError(403, ERROR_CODES.unknownIdentity, SSO_MESSAGES.unknownIdentity);
        case 'disabled':
          await recordFailure(context, 'disabled', { ...who, actor: outcome.username });
          throw new AppError(403, ERROR_CODES.accountDisabled, SSO_MESSAGES.accountDisabled);
      }
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
