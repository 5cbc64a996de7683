import { Badge, Progress, Stack } from '@mantine/core';
import type { Inference } from '@voxa/contracts';
import { STATE_COLOURS, stateText } from './state';

export interface InferenceStateBadgeProps {
  inference: Pick<Inference, 'state' | 'progress'>;
}

/** An inference's state; a running one with its progress bar. */
export function InferenceStateBadge({ inference }: InferenceStateBadgeProps) {
  return (
    <Stack gap={4} miw={112} maw={160}>
      <Badge
        color={STATE_COLOURS[inference.state]}
        variant="light"
        data-testid="inference-state"
        data-state={inference.state}
      >
        {stateText(inference)}
      </Badge>
      {inference.state === 'running' && (
        <Progress value={inference.progress * 100} size="sm" aria-label="Progress" />
      )}
    </Stack>
  );
}
