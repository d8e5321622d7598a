/** The permission toggle's icons: unlocked when the role holds it, locked when not. */
function Padlock({ shackle }: { shackle: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d={shackle} />
    </svg>
  );
}

export function UnlockedIcon() {
  return <Padlock shackle="M8 11V7a4 4 0 0 1 7.5-2" />;
}

export function LockedIcon() {
  return <Padlock shackle="M8 11V7a4 4 0 0 1 8 0v4" />;
}
