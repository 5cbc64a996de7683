import { Group, Text } from '@mantine/core';
import type { CineFacts } from '@voxa/contracts';
import { angleText, primaryProjection, secondaryProjection } from './angles';
import { rateLabel } from './cineClock';

export interface CineFactsPanelProps {
  facts: CineFacts;
  frameTimeMs: number;
  speed: number;
}

/** The run's positioner angles (with their projection names) and the rate it plays at. */
export function CineFactsPanel({ facts, frameTimeMs, speed }: CineFactsPanelProps) {
  const { primary_angle: primary, secondary_angle: secondary } = facts;
  return (
    <Group gap="lg">
      <Text size="sm" data-testid="cine-primary-angle">
        {primary === null ? 'Primary angle unknown' : `Primary angle ${angleText(primary)}`}
        {primary !== null && (
          <Text span c="dimmed" size="sm">
            {' '}
            ({primaryProjection(primary)})
          </Text>
        )}
      </Text>
      <Text size="sm" data-testid="cine-secondary-angle">
        {secondary === null ? 'Secondary angle unknown' : `Secondary angle ${angleText(secondary)}`}
        {secondary !== null && (
          <Text span c="dimmed" size="sm">
            {' '}
            ({secondaryProjection(secondary)})
          </Text>
        )}
      </Text>
      <Text size="sm" data-testid="cine-rate">
        {rateLabel(frameTimeMs, speed)}
        {facts.frame_time_ms === null && (
          <Text span c="dimmed" size="sm">
            {' '}
            (the series gives no rate)
          </Text>
        )}
      </Text>
    </Group>
  );
}
