import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface LiveState {
  paused: boolean;
  setPaused: (paused: boolean) => void;
}

const LiveContext = createContext<LiveState>({ paused: false, setPaused: () => {} });

/**
 * Whether the screen's own refreshes run. Held once for the signed-in layout and tied to the
 * screen it was set on: another screen starts live again.
 */
export function LiveProvider({ screen, children }: { screen: string; children: ReactNode }) {
  const [pausedOn, setPausedOn] = useState<string | null>(null);
  // The same value until it changes: the layout's renders do not redraw every live screen.
  const value = useMemo<LiveState>(
    () => ({ paused: pausedOn === screen, setPaused: (paused) => setPausedOn(paused ? screen : null) }),
    [pausedOn, screen],
  );
  return <LiveContext value={value}>{children}</LiveContext>;
}

export function useLive(): LiveState {
  return useContext(LiveContext);
}
