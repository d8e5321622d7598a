import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  sessionAccessTokenClaimsSchema,
  type SessionAccessTokenClaims,
} from '@web-control/contract/auth';
import type { RandomSource } from '../../clock.ts';
import { SECOND_MS } from '../../time.ts';

const JWT_ALGORITHM = 'HS256';
const REFRESH_TOKEN_BYTES = 32;

export interface AccessTokenSubject {
  userId: string;
  username: string;
  permissions: readonly string[];
  /** The refresh-token family: logging out or a reused refresh token ends this token too. */
  sessionId: string;
  /** users.authz_version when signed: a later role change is seen at the next request. */
  authzVersion: number;
}

export async function signAccessToken(
  subject: AccessTokenSubject,
  secret: Uint8Array,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / SECOND_MS);
  return new SignJWT({
    username: subject.username,
    preferred_username: subject.username,
    permissions: [...subject.permissions],
    sid: subject.sessionId,
    ver: subject.authzVersion,
  })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
    .setSubject(subject.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
}

/** The claims of a valid, unexpired token, or undefined. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now: Date,
): Promise<SessionAccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [JWT_ALGORITHM], currentDate: now });
    const parsed = sessionAccessTokenClaimsSchema.safeParse(payload);
    return parsed.success && parsed.data.exp !== undefined ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createRefreshToken(random: RandomSource): string {
  return random.bytes(REFRESH_TOKEN_BYTES).toString('base64url');
}

/** Refresh tokens are stored only as this digest: a leaked table holds no usable token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
