import { Badge } from '@mantine/core';
import type { Training } from '@voxa/contracts';
import { STATE_COLOURS, stateText } from './state';

/** The state as a badge, never cut short by a narrow table column. */
export function TrainingStateBadge({ training }: { training: Pick<Training, 'state'> }) {
  return (
    <Badge
      color={STATE_COLOURS[training.state]}
      variant="light"
      data-testid="training-state"
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {stateText(training.state)}
    </Badge>
  );
}
