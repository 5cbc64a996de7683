import { Alert, Anchor, Group, Text } from '@mantine/core';
import { TRAINING_DID_NOT_LEARN, type TrainingDetail } from '@voxa/contracts';
import { Link } from 'react-router';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { aiModelPath } from '../ai-models/paths';
import { usePromoteTraining } from './useTrainingApi';

/**
 * A training that did not learn (decision 0095): its figures (the best checkpoint's validation Dice and the
 * threshold it stayed under), then Promote to a model, which asks first; once promoted, its model.
 */
export function DidNotLearn({ training: t }: { training: TrainingDetail }) {
  const promote = usePromoteTraining();
  if (t.state !== 'did_not_learn') return null;
  const best = t.checkpoint?.val_dice ?? t.best_val_dice ?? 0;
  const threshold = t.min_val_dice ?? 0;
  return (
    <Alert color="orange" title="This training did not learn" data-testid="training-did-not-learn">
      <Text size="sm" data-testid="training-did-not-learn-figures">
        {TRAINING_DID_NOT_LEARN(best, threshold)}
      </Text>
      <Group mt="sm" gap="sm">
        {t.derived_model_id === null ? (
          <ConfirmButton
            label="Promote to a model"
            ariaLabel={`Promote training #${t.id} to a model`}
            question={`Make a model of training #${t.id} anyway? Its best checkpoint reached a validation Dice of ${best.toFixed(4)}, under the model’s threshold ${threshold}.`}
            color="orange"
            variant="light"
            loading={promote.isPending}
            onConfirm={() =>
              promote.mutate(t.id, {
                onSuccess: () => notifySuccess(`Training #${t.id} has been promoted to a model`),
                onError: notifyError,
              })
            }
          />
        ) : (
          <Text size="sm">
            Promoted to{' '}
            <Anchor
              component={Link}
              to={aiModelPath(t.derived_model_id)}
              data-testid="training-promoted-model"
            >
              {`model #${t.derived_model_id}`}
            </Anchor>
          </Text>
        )}
      </Group>
    </Alert>
  );
}
