import { Navigate, useLocation } from 'react-router';

/**
 * What a route the user may not open shows: the sign-in page, remembering the address, which
 * says the account may not open it (or asks to sign in when there is no session).
 */
export function TurnAway() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
}
