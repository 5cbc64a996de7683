import type { Training } from '@voxa/contracts';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { isOpen } from './state';
import { useStopTraining } from './useTrainingApi';

/** Stop, for an open training, after a confirmation: its worker hears stop at its next call. */
export function StopTrainingButton({ training }: { training: Pick<Training, 'id' | 'state'> }) {
  const stop = useStopTraining();
  if (!isOpen(training.state)) return null;
  return (
    <ConfirmButton
      label="Stop training"
      ariaLabel={`Stop training #${training.id}`}
      question={`Stop training #${training.id}? Its worker is told to stop; the epochs done so far stay.`}
      variant="light"
      loading={stop.isPending}
      onConfirm={() =>
        stop.mutate(training.id, {
          onSuccess: () => notifySuccess(`Training #${training.id} has been stopped`),
          onError: notifyError,
        })
      }
    />
  );
}
