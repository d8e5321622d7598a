import { accessTokenClaimsSchema, type AccessTokenClaims } from '@web-control/contract/auth';
import { TOKEN_EXPIRY_THRESHOLD_MS } from '../timing';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The claims of a JWT, or undefined when it cannot be read (the token is then treated as expiring). */
export function readClaims(token: string): AccessTokenClaims | undefined {
  try {
    const payload = token.split('.')[1];
    if (payload === undefined) throw new Error('The token has no payload');
    return accessTokenClaimsSchema.parse(JSON.parse(decodeBase64Url(payload)));
  } catch (error) {
    console.error('Could not read the access token', error);
    return undefined;
  }
}

/** True when the token has no expiry, cannot be read, or fewer than 30 s remain. */
export function isExpiring(token: string, now: number): boolean {
  const exp = readClaims(token)?.exp;
  if (exp === undefined) return true;
  return exp * 1000 - now < TOKEN_EXPIRY_THRESHOLD_MS;
}

/** The name the shell shows: preferred_username when present, else username. */
export function displayUsername(claims: AccessTokenClaims): string {
  return claims.preferred_username ?? claims.username;
}
