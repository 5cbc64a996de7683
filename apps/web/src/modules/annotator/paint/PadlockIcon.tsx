export interface PadlockIconProps {
  /** Closed shackle when locked, open when not. */
  locked: boolean;
  size?: number;
}

/** A padlock outline, drawn in the text colour. */
export function PadlockIcon({ locked, size = 14 }: PadlockIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d={locked ? 'M8 11V7a4 4 0 0 1 8 0v4' : 'M8 11V7a4 4 0 0 1 7.5-2'} />
    </svg>
  );
}
