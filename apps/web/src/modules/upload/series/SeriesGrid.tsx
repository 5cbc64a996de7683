import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/** Preview grid (section 9): up to 4 columns of 160 px tiles, 10 px apart. */
const TILE = 160;
const GAP = 10;
const COLUMNS = 4;

export interface SeriesGridProps {
  children: ReactNode;
}

export function SeriesGrid({ children }: SeriesGridProps) {
  return (
    <Box
      data-testid="series-grid"
      maw={COLUMNS * TILE + (COLUMNS - 1) * GAP}
      style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, ${TILE}px)`, gap: GAP }}
    >
      {children}
    </Box>
  );
}
