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
    const timer = window.setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [updateReady]);
  return updateReady;
}
