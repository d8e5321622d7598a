import { holdsCardNumber, maskCardNumbers } from '@web-control/contract/iso8583-masking';
import { Navigate, Outlet, useLocation } from 'react-router';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The address with each whole card number in its path, query or fragment masked (first 6 and last
 * 4 digits), or null when it holds none. A screen never searches for one, and the address must not
 * keep it either: it is copied, bookmarked and shared.
 */
export function addressWithoutCardNumbers(pathname: string, search: string, hash = ''): string | null {
  const path = decoded(pathname);
  const params = [...new URLSearchParams(search).entries()];
  const fragment = decoded(hash.replace(/^#/, ''));
  const holds =
    holdsCardNumber(path) ||
    params.some(([name, value]) => holdsCardNumber(name) || holdsCardNumber(value)) ||
    holdsCardNumber(fragment);
  if (!holds) return null;
  // Masked across segments too: "/4111/1111/1111/1111" is one number written with slashes.
  const maskedPath = holdsCardNumber(path)
    ? maskCardNumbers(path).split('/').map(encodeURIComponent).join('/')
    : pathname;
  const maskedSearch = new URLSearchParams(
    params.map(([name, value]) => [maskCardNumbers(name), maskCardNumbers(value)]),
  ).toString();
  const maskedHash = holdsCardNumber(fragment)
    ? encodeURIComponent(maskCardNumbers(fragment))
    : hash.slice(1);
  return `${maskedPath}${maskedSearch === '' ? '' : `?${maskedSearch}`}${maskedHash === '' ? '' : `#${maskedHash}`}`;
}

/**
 * The root of every route: an address that holds a whole card number (a hand-made or pasted link)
 * is replaced by the same address with it masked before any page renders, so no screen reads it,
 * asks the platform for it or remembers it (a sign-in page's `from`).
 */
export function CardNumbersKeptOutOfAddress() {
  const location = useLocation();
  const masked = addressWithoutCardNumbers(location.pathname, location.search, location.hash);
  const state: unknown = location.state;
  return masked === null ? <Outlet /> : <Navigate to={masked} replace state={state} />;
}
