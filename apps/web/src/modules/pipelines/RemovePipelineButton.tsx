import type { TeamPipeline } from '@voxa/contracts';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { usePipelineChanges } from './usePipelinesApi';

export function RemovePipelineButton({
  pipeline,
  onRemoved,
}: {
  pipeline: Pick<TeamPipeline, 'id' | 'name'>;
  onRemoved?: () => void;
}) {
  const { remove } = usePipelineChanges();
  return (
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete ${pipeline.name}`}
      question={`Delete the pipeline ${pipeline.name}? Uploads no longer offer it; its flows stay.`}
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(pipeline.id, {
          onSuccess: () => {
            notifySuccess(`Pipeline ${pipeline.name} has been deleted`);
            onRemoved?.();
          },
          onError: notifyError,
        })
      }
    />
  );
}
