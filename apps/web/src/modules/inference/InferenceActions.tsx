import { Button, Group } from '@mantine/core';
import type { Inference } from '@voxa/contracts';
import { Link } from 'react-router';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { openResult } from './openResult';
import { inferencePath } from './paths';
import { isEnded } from './state';
import { useCancelInference } from './useInferenceApi';

export interface InferenceActionsProps {
  inference: Inference;
  /** The detail page itself leaves its own link out. */
  withDetails?: boolean;
}

/** What can be done with an inference: cancel one not ended, open a done one's result, see its details. */
export function InferenceActions({ inference: i, withDetails = true }: InferenceActionsProps) {
  const cancel = useCancelInference();
  const label = `${i.model.code} on ${i.study.name}`;
  return (
    <Group gap="xs" wrap="nowrap">
      {i.state === 'done' && i.segmentation_id !== null && (
        <Button
          size="xs"
          variant="light"
          onClick={() => openResult(i)}
          aria-label={`Open the result of ${label}`}
        >
          Open result
        </Button>
      )}
      {withDetails && (
        <Button size="xs" variant="subtle" component={Link} to={inferencePath(i.id)}>
          Details
        </Button>
      )}
      {!isEnded(i.state) && (
        <ConfirmButton
          label="Cancel inference"
          ariaLabel={`Cancel ${label}`}
          question={`Cancel ${label}? Its worker is told to stop.`}
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(i.id, {
              onSuccess: () => notifySuccess('The inference has been cancelled'),
              onError: notifyError,
            })
          }
        />
      )}
    </Group>
  );
}
