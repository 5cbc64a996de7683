import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TrainingDetail } from '@voxa/contracts';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { aiModelPath } from '../ai-models/paths';
import { useAiModel } from '../ai-models/useAiModelsApi';
import { annotatorUrl } from '../annotator/annotatorUrl';
import { trainingPath } from './paths';
import { bestEpoch, diceText, isOpen } from './state';
import { TrainingModel } from './TrainingModel';
import { TrainingParameters } from './TrainingParameters';
import { TrainingStateBadge } from './TrainingStateBadge';
import { useTraining, useTrainSegmentations } from './useTrainingApi';

/**
 * /ai2-trainings/detail-mi?id= (r:ai-trainings, decision 0056): the model information of a training: the
 * model it teaches, the model it made (once done), its best epoch, its parameters and its training set,
 * each segmentation opening in the annotator.
 */
export function TrainingInfoPage() {
  const [search] = useSearchParams();
  const id = idParam(search.get('id'));
  const detail = useTraining(id);
  if (id === null) return <FormAlert message="No training was given." />;
  if (!detail.data) return <DataState error={detail.error} />;
  const t = detail.data;
  const best = bestEpoch(t.metrics);
  return (
    <Stack data-testid="training-info" data-state={t.state}>
      <PageHeader
        title={`Model information · Training #${t.id}`}
        actions={
          <Button variant="default" size="xs" component={Link} to={trainingPath(t.id)}>
            Curves and log
          </Button>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <DetailField label="State">
            <TrainingStateBadge training={t} />
          </DetailField>
          <DetailField label="Trained model">
            <TrainingModel model={t.model} />
          </DetailField>
          <DetailField label="Derived model">
            <DerivedModel training={t} />
          </DetailField>
          <DetailField label="Best epoch">
            <Text size="sm" data-testid="training-best-epoch">
              {best
                ? `Epoch ${best.epoch}: val Dice ${diceText(best.val_dice)}, loss ${best.loss.toFixed(3)}`
                : '—'}
            </Text>
          </DetailField>
          <DetailField label="Best checkpoint">
            <Text size="sm" data-testid="training-checkpoint">
              {t.checkpoint
                ? `Epoch ${t.checkpoint.epoch}: val Dice ${diceText(t.checkpoint.val_dice)}, what the derived model runs`
                : 'None uploaded yet'}
            </Text>
          </DetailField>
          <DetailField label="Parameters">
            <TrainingParameters parameters={t.parameters} />
          </DetailField>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        Training set
      </Title>
      <TrainingSet training={t} />
    </Stack>
  );
}

/** The model the training made, linked; 'not yet' while it is open, else why there is none. */
function DerivedModel({ training: t }: { training: TrainingDetail }) {
  const derived = t.derived_model_id;
  const model = useAiModel(derived);
  if (derived !== null)
    return (
      <Anchor component={Link} to={aiModelPath(derived)} size="sm" data-testid="training-derived-model">
        {model.data ? `${model.data.name} (${model.data.code})` : `Model #${derived}`}
      </Anchor>
    );
  const why = isOpen(t.state)
    ? 'Not yet: made from the best epoch once the training is completed'
    : t.state === 'done'
      ? 'None: it was deleted'
      : t.state === 'did_not_learn'
        ? 'None: the training did not learn (it can be promoted on its page)'
        : 'None: the training did not complete';
  return (
    <Text size="sm" c="dimmed" data-testid="training-derived-model">
      {why}
    </Text>
  );
}

/** Each segmentation trained on: its case, its segments, and a link opening it in the annotator. */
function TrainingSet({ training: t }: { training: TrainingDetail }) {
  const list = useTrainSegmentations(t.model.id, t.segmentation_ids);
  if (t.model.id === null) return <Text size="sm">{t.segmentation_ids.map((s) => `#${s}`).join(', ')}</Text>;
  if (!list.data) return <DataState error={list.error} />;
  return (
    <DataTable
      testId="training-set"
      minWidth={720}
      columns={['#', 'Study', 'Series', 'Segments', 'Match', '']}
    >
      {list.data.map((s) => (
        <Table.Tr key={s.segmentation_id} data-testid="training-set-row" data-id={s.segmentation_id}>
          <Table.Td>{`#${s.segmentation_id}`}</Table.Td>
          <Table.Td>{s.study.name || 'Unnamed study'}</Table.Td>
          <Table.Td>{s.series.name}</Table.Td>
          <Table.Td>{s.segments.map((g) => `${g.title} (${g.value})`).join(', ')}</Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Badge color={s.valid ? 'green' : 'red'} variant="light">
                {s.valid ? 'valid' : 'invalid'}
              </Badge>
              {s.reason && (
                <Text size="xs" c="dimmed">
                  {s.reason}
                </Text>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Anchor
              size="sm"
              href={annotatorUrl(location.origin, {
                caseUuid: s.series.uuid,
                modality: null,
                taskId: s.segmentation_id,
              })}
              target="_blank"
              rel="noopener"
              aria-label={`Open segmentation #${s.segmentation_id} in the annotator`}
            >
              Open in annotator
            </Anchor>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
