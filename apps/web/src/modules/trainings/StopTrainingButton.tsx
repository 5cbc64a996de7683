import { Button } from '@mantine/core';
import type { Training } from '@voxa/contracts';
import { isOpen } from './state';
import { useStopTraining } from './useTrainingApi';

/** Stop, for an open training: its worker hears stop at its next call. */
export function StopTrainingButton({ training }: { training: Pick<Training, 'id' | 'state'> }) {
  const stop = useStopTraining();
  if (!isOpen(training.state)) return null;
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={stop.isPending}
      onClick={() => stop.mutate(training.id)}
      aria-label={`Stop training #${training.id}`}
    >
      Stop
    </Button>
  );
}
