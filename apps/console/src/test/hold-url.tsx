import { use } from 'react';
import { useLocation } from 'react-router';

/** Holds the render of one URL until `release`, as a slow device holds the router's transition. */
export function holdUrl(search: string) {
  let resolve = () => {};
  const held = new Promise<void>((done) => (resolve = done));
  function Hold() {
    if (useLocation().search === search) use(held);
    return null;
  }
  const release = () => {
    resolve();
    return held;
  };
  return { Hold, release };
}
