import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { DEFAULT_HOME_PATH, FALLBACK_DOCUMENTATION_URL, getRuntimeConfig } from '../shared/runtime-config';

/** /dashboard/documentation opens the documentation in a new tab and goes home. */
export function DocumentationRedirect() {
  useEffect(() => {
    window.open(getRuntimeConfig()?.documentationUrl ?? FALLBACK_DOCUMENTATION_URL, '_blank', 'noopener');
  }, []);
  return <Navigate to={DEFAULT_HOME_PATH} replace />;
}
