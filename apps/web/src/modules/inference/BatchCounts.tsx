import { Badge, Group } from '@mantine/core';
import { INFERENCE_STATES, type InferenceBatch } from '@voxa/contracts';
import { STATE_COLOURS } from './state';

/** How many of a batch's inferences are in each state (the states with none left out). */
export function BatchCounts({ counts }: Pick<InferenceBatch, 'counts'>) {
  return (
    <Group gap={4} data-testid="batch-counts">
      {INFERENCE_STATES.filter((s) => (counts[s] ?? 0) > 0).map((s) => (
        <Badge key={s} size="sm" variant="light" color={STATE_COLOURS[s]} data-state={s}>
          {`${counts[s]} ${s}`}
        </Badge>
      ))}
    </Group>
  );
}
