import { Button, Card, Code, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { LogTail } from '../inference/LogTail';
import { DidNotLearn } from './DidNotLearn';
import { LineChart } from './LineChart';
import { trainingInfoPath } from './paths';
import { diceText } from './state';
import { StopTrainingButton } from './StopTrainingButton';
import { TrainingModel } from './TrainingModel';
import { TrainingParameters } from './TrainingParameters';
import { TrainingStateBadge } from './TrainingStateBadge';
import { useTraining } from './useTrainingApi';

const LOSS = 'var(--mantine-color-red-6)';
const DICE = 'var(--mantine-color-teal-6)';
/**
 * The x axis spans at least this many epochs (fewer when fewer are asked): a young training's line grows
 * toward the right; past it, the axis fits the epochs done (a long training is not squeezed to the left).
 */
const EARLY_EPOCHS = 10;

/** /ai2-trainings/detail/:id (r:ai-trainings): one training, its curves growing while it runs; Stop. */
export function TrainingDetailPage() {
  const id = idParam(useParams().id);
  const detail = useTraining(id);
  if (id === null) return <FormAlert message="No training was given." />;
  if (!detail.data) return <DataState error={detail.error} />;
  const t = detail.data;
  const asked = t.epochs ?? t.parameters.epochs ?? null;
  return (
    <Stack data-testid="training-detail" data-state={t.state}>
      <PageHeader
        title={`Training #${t.id}`}
        actions={
          <>
            {detail.isFetching && <Loader size="sm" aria-label="Loading the training" />}
            <Button variant="default" size="xs" component={Link} to={trainingInfoPath(t.id)}>
              Model information
            </Button>
            <StopTrainingButton training={t} />
          </>
        }
      />
      <DidNotLearn training={t} />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <DetailField label="State">
            <TrainingStateBadge training={t} />
            {t.error && (
              <Text size="sm" c="red" data-testid="training-error">
                {t.error}
              </Text>
            )}
          </DetailField>
          <DetailField label="Model">
            <TrainingModel model={t.model} />
          </DetailField>
          <DetailField label="Epochs">
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" data-testid="training-epochs">{`${t.epochs_done} / ${asked ?? '—'}`}</Text>
              {asked !== null && (
                <Progress
                  w={140}
                  value={(100 * t.epochs_done) / asked}
                  animated={t.state === 'running'}
                  aria-label="Epochs done"
                />
              )}
            </Group>
          </DetailField>
          <DetailField label="Best val Dice">
            <Text size="sm" data-testid="training-best-val-dice">
              {diceText(t.best_val_dice)}
              {t.min_val_dice !== null && ` (the model asks at least ${t.min_val_dice})`}
            </Text>
          </DetailField>
          <DetailField label="Training set">
            {`${t.segmentation_ids.length} segmentation${t.segmentation_ids.length === 1 ? '' : 's'}: ${t.segmentation_ids.map((s) => `#${s}`).join(', ')}`}
          </DetailField>
          <DetailField label="Parameters">
            <TrainingParameters parameters={t.parameters} />
          </DetailField>
          <DetailField label="Worker">{t.worker_name ?? '—'}</DetailField>
          <DetailField label="Attempts">{`${t.attempts} of ${t.max_attempts}`}</DetailField>
          <DetailField label="Created">{`${formatDate(t.created_at)} · ${t.created_by_user_name ?? '—'}`}</DetailField>
          <DetailField label="Started / ended">
            {`${t.started_at ? formatDate(t.started_at) : '—'} / ${t.finished_at ? formatDate(t.finished_at) : '—'}`}
          </DetailField>
          <DetailField label="Trace id">
            <Code>{t.trace_id}</Code>
          </DetailField>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        Curves
      </Title>
      {t.metrics.length === 0 ? (
        <Text c="dimmed" data-testid="training-no-epochs">
          {t.state === 'queued' || t.state === 'created'
            ? 'No epoch reported yet: the curves appear once a worker has trained the first one.'
            : 'No epoch was reported.'}
        </Text>
      ) : (
        <LineChart
          label="Loss and validation Dice per epoch"
          xTitle="Epoch"
          xTo={Math.min(asked ?? 0, EARLY_EPOCHS)}
          format={(y) => y.toFixed(3)}
          series={[
            { name: 'Loss', color: LOSS, points: t.metrics.map((m) => ({ x: m.epoch, y: m.loss })) },
            {
              name: 'Validation Dice',
              color: DICE,
              points: t.metrics.map((m) => ({ x: m.epoch, y: m.val_dice })),
            },
          ]}
        />
      )}
      <Title order={2} size="h4">
        Log
      </Title>
      <LogTail text={t.log_tail} />
    </Stack>
  );
}
