import { Card, Code, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { LogTail } from '../inference/LogTail';
import { LineChart } from './LineChart';
import { diceText } from './state';
import { StopTrainingButton } from './StopTrainingButton';
import { TrainingStateBadge } from './TrainingStateBadge';
import { useTraining } from './useTrainingApi';

/** /ai2-trainings/detail/:id (r:ai-trainings): one training, its curves growing while it runs; Stop. */
export function TrainingDetailPage() {
  const id = idParam(useParams().id);
  const detail = useTraining(id);
  if (id === null) return <FormAlert message="No training was given." />;
  if (!detail.data) return <DataState error={detail.error} />;
  const t = detail.data;
  return (
    <Stack data-testid="training-detail" data-state={t.state}>
      <PageHeader
        title={`Training #${t.id}`}
        actions={
          <>
            {detail.isFetching && <Loader size="sm" aria-label="Loading the training" />}
            <StopTrainingButton training={t} />
          </>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField label="State">
            <TrainingStateBadge training={t} />
            {t.error && (
              <Text size="sm" c="red">
                {t.error}
              </Text>
            )}
          </DetailField>
          <DetailField label="Model">
            {t.model.name ? `${t.model.name} (${t.model.code})` : t.model.code}
          </DetailField>
          <DetailField label="Epochs">{`${t.epochs_done} / ${t.epochs ?? '—'}`}</DetailField>
          <DetailField label="Best val Dice">{diceText(t.best_val_dice)}</DetailField>
          <DetailField label="Segmentations">{t.segmentation_ids.map((s) => `#${s}`).join(', ')}</DetailField>
          <DetailField label="Attempts">{`${t.attempts} of ${t.max_attempts}`}</DetailField>
          <DetailField label="Worker">{t.worker_name ?? '—'}</DetailField>
          <DetailField label="Created">{`${formatDate(t.created_at)} · ${t.created_by_user_name ?? '—'}`}</DetailField>
          <DetailField label="Trace id">
            <Code>{t.trace_id}</Code>
          </DetailField>
          <DetailField label="Parameters">
            <Code block fz="xs">
              {JSON.stringify(t.parameters)}
            </Code>
          </DetailField>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        Curves
      </Title>
      {t.metrics.length === 0 ? (
        <Text c="dimmed">No epoch reported yet.</Text>
      ) : (
        <LineChart
          label="Loss and validation Dice per epoch"
          series={[
            { name: 'loss', color: 'red', points: t.metrics.map((m) => ({ x: m.epoch, y: m.loss })) },
            {
              name: 'val Dice',
              color: 'teal',
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
