import { useEffect, useState } from 'react';
import { z } from 'zod';
import { UPDATE_CHECK_INTERVAL_MS } from '../shared/timing';

const versionSchema = z.object({ buildId: z.string() });

/** True once the server serves a build other than the one running: navigation then reloads. */
export function useUpdateReady(): boolean {
  const [updateReady, setUpdateReady] = useState(false);
  useEffect(() => {
    if (import.meta.env.DEV || updateReady) return;
    const check = async () => {
      try {
        const response = await fetch('/version.json', { cache: 'no-store' });
        if (!response.ok) return;
        const { buildId } = versionSchema.parse(await response.json());
        if (buildId !== __BUILD_ID__) setUpdateReady(true);
      } catch {
        // Offline or mid-deployment: ask again at the next interval.
      }
    };
    // Every minute, and whenever the operator comes back to the tab.
    // Not from a hidden tab: nothing polls there.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void check();
    }, UPDATE_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [updateReady]);
  return updateReady;
}
