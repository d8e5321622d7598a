import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import {
  accessTokenClaimsSchema,
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
} from '@web-control/contract/auth';
import type { RandomSource } from '../../clock.ts';
import { SECOND_MS } from '../../time.ts';

const JWT_ALGORITHM = 'HS256';
const REFRESH_TOKEN_BYTES = 32;

export interface AccessTokenSubject {
  userId: string;
  username: string;
  permissions: readonly string[];
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
): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [JWT_ALGORITHM], currentDate: now });
    const parsed = accessTokenClaimsSchema.safeParse(payload);
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
