import { Badge } from '@mantine/core';
import type { FlowState, FlowStepState } from '@voxa/contracts';

const COLOURS: Record<FlowState | FlowStepState, string> = {
  waiting: 'yellow',
  running: 'blue',
  done: 'green',
  failed: 'red',
  missing: 'orange',
};

export function FlowStateBadge({
  state,
  testId = 'flow-state',
}: {
  state: FlowState | FlowStepState;
  testId?: string;
}) {
  return (
    <Badge color={COLOURS[state]} variant="light" data-testid={testId}>
      {state}
    </Badge>
  );
}
