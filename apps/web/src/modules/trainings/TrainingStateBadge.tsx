import { Badge } from '@mantine/core';
import type { Training } from '@voxa/contracts';
import { STATE_COLOURS } from './state';

export function TrainingStateBadge({ training }: { training: Pick<Training, 'state'> }) {
  return (
    <Badge color={STATE_COLOURS[training.state]} variant="light" data-testid="training-state">
      {training.state}
    </Badge>
  );
}
