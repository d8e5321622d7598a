import { holdsCardNumber, maskCardNumbers } from '@web-control/contract/iso8583-masking';
import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The address with each whole card number in its path or query masked (first 6 and last 4 digits),
 * or null when it holds none. A screen never searches for one, and the address must not keep it
 * either: it is copied, bookmarked and shared.
 */
export function addressWithoutCardNumbers(pathname: string, search: string): string | null {
  const segments = pathname.split('/');
  const params = new URLSearchParams(search);
  const pathHolds = segments.some((segment) => holdsCardNumber(decoded(segment)));
  const searchHolds = [...params.entries()].some(([name, value]) => holdsCardNumber(`${name}=${value}`));
  if (!pathHolds && !searchHolds) return null;
  const path = segments
    .map((segment) => {
      const text = decoded(segment);
      return holdsCardNumber(text) ? encodeURIComponent(maskCardNumbers(text)) : segment;
    })
    .join('/');
  const masked = new URLSearchParams(
    [...params.entries()].map(([name, value]) => [maskCardNumbers(name), maskCardNumbers(value)]),
  ).toString();
  return `${path}${masked === '' ? '' : `?${masked}`}`;
}

/** Replaces an address that holds a whole card number (a hand-made or pasted link) with it masked. */
export function useCardNumbersKeptOutOfAddress(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const replacement = addressWithoutCardNumbers(location.pathname, location.search);
  const state: unknown = location.state;
  useLayoutEffect(() => {
    if (replacement !== null) void navigate(`${replacement}${location.hash}`, { replace: true, state });
  }, [replacement, navigate, location.hash, state]);
}
