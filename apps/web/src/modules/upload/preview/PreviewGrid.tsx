import type { ReactNode } from 'react';

/** Spec section 9: tiles of 160 px, 10 px apart, at most 4 columns. */
export const PREVIEW_TILE = 160;
export const PREVIEW_GAP = 10;
export const PREVIEW_COLUMNS = 4;

export interface PreviewGridProps {
  children: ReactNode;
}

/** Series tiles in rows of up to 4 (fewer when narrower); a scaled tile spans 2 x 2 and the rest flow around it. */
export function PreviewGrid({ children }: PreviewGridProps) {
  return (
    <div
      data-testid="preview-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, ${PREVIEW_TILE}px)`,
        gridAutoFlow: 'row dense',
        gap: PREVIEW_GAP,
        maxWidth: PREVIEW_COLUMNS * PREVIEW_TILE + (PREVIEW_COLUMNS - 1) * PREVIEW_GAP,
      }}
    >
      {children}
    </div>
  );
}
