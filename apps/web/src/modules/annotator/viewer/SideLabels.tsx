import { Box, Text } from '@mantine/core';
import { sideLabels, type SideLabels as Sides } from '@voxa/imaging';
import type { CSSProperties } from 'react';
import type { Pane } from './panes';

export interface SideLabelsProps {
  panes: readonly Pane[];
  radiological: boolean;
}

const NAMES: Record<string, string> = {
  R: 'right',
  L: 'left',
  A: 'anterior',
  P: 'posterior',
  S: 'superior',
  I: 'inferior',
};
const EDGES: Record<keyof Sides, CSSProperties> = {
  left: { left: 4, top: '50%', transform: 'translateY(-50%)' },
  right: { right: 4, top: '50%', transform: 'translateY(-50%)' },
  top: { top: 2, left: '50%', transform: 'translateX(-50%)' },
  bottom: { bottom: 2, left: '50%', transform: 'translateX(-50%)' },
};

/** The patient's sides at the edges of each 2D pane (R/L, A/P, S/I), over NiiVue's canvas. */
export function SideLabels({ panes, radiological }: SideLabelsProps) {
  return (
    <>
      {panes.map((pane) => {
        const sides = sideLabels(pane.view, radiological);
        return (
          <Box
            key={`${pane.view}-${pane.left}-${pane.top}`}
            pos="absolute"
            left={pane.left}
            top={pane.top}
            w={pane.width}
            h={pane.height}
            style={{ pointerEvents: 'none' }}
            data-testid="side-labels"
            data-view={pane.view}
          >
            {(Object.keys(EDGES) as (keyof Sides)[]).map((edge) => (
              <Text
                key={edge}
                pos="absolute"
                size="sm"
                fw={700}
                c="yellow.3"
                style={{ ...EDGES[edge], textShadow: '0 0 3px black' }}
                data-side={edge}
                title={`Patient ${NAMES[sides[edge]] ?? sides[edge]}`}
              >
                {sides[edge]}
              </Text>
            ))}
          </Box>
        );
      })}
    </>
  );
}
