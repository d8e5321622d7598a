import { useLocation, type To } from 'react-router';

/** An admin address that keeps the list's Find (`?q=`): opening, saving or deleting leaves the list as searched. */
export function useKeepFind(): (pathname: string) => To {
  const { search } = useLocation();
  return (pathname) => ({ pathname, search });
}
