import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AiModel } from '@voxa/contracts';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { structurePath } from '../structures/paths';
import { AiModelFileInfo } from './AiModelFileInfo';
import { AiModelOrigin } from './AiModelOrigin';
import { AiModelSegments } from './AiModelSegments';
import { NORMALIZATION_LABELS, RUNTIME_LABELS, triple } from './labels';
import { AI_MODELS_PATH, aiModelPath, editAiModelPath, idFrom } from './paths';
import { useAiModel, useAiModelChanges } from './useAiModelsApi';

/** /ai2-model/:id: a model with what a worker needs, its file and its segments; edited by its team. */
export function AiModelDetailPage() {
  const id = idFrom(useParams().id);
  const model = useAiModel(id);
  const { remove } = useAiModelChanges();
  const navigate = useNavigate();
  if (id === null) return <DataState error={new Error('No such model.')} />;
  if (!model.data) return <DataState error={model.error} />;
  const m = model.data;
  return (
    <Stack maw={880} data-testid="ai-model-detail" data-code={m.code}>
      <PageHeader
        title={m.name}
        actions={
          m.can_edit && (
            <>
              <Button component={Link} to={editAiModelPath(m.id)} variant="light">
                Edit model
              </Button>
              <ConfirmButton
                label="Delete model"
                question={`Delete the model ${m.name} and its file?`}
                onConfirm={() =>
                  remove.mutate(m.id, {
                    onSuccess: () => {
                      notifySuccess(`Model ${m.name} has been deleted`);
                      void navigate(AI_MODELS_PATH);
                    },
                    onError: notifyError,
                  })
                }
              />
            </>
          )
        }
      />
      <Group gap="lg">
        <AiModelOrigin model={m} />
        <Text size="sm">
          Code: <code data-testid="ai-model-code">{m.code}</code>
        </Text>
        <Text size="sm" c="dimmed">
          {byline(m)}
        </Text>
      </Group>
      {m.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{m.description}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="ai-model-settings">
        <Setting label="Structure">
          <Anchor component={Link} to={structurePath(m.structure_slug)}>
            {m.structure_name}
          </Anchor>
        </Setting>
        <Setting label="Runtime">{RUNTIME_LABELS[m.runtime]}</Setting>
        <Setting label="Input">
          {m.modality}, {m.channels} {m.channels === 1 ? 'channel' : 'channels'}
        </Setting>
        <Setting label="Spacing">{triple(m.spacing, ' mm')}</Setting>
        <Setting label="Patch size">{m.patch_size ? triple(m.patch_size, ' voxels') : '—'}</Setting>
        <Setting label="Normalisation">{normalization(m)}</Setting>
        <Setting label="Training">
          {`learns at a best validation Dice of ${m.min_val_dice} or more, on ${m.min_training_segmentations} matching segmentations or more`}
        </Setting>
        {m.parent_id !== null && (
          <Setting label="Derived from">
            <Anchor component={Link} to={aiModelPath(m.parent_id)}>
              Model #{m.parent_id}
            </Anchor>
          </Setting>
        )}
      </SimpleGrid>
      <AiModelFileInfo model={m} />
      <AiModelSegments segments={m.segments} />
    </Stack>
  );
}

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function byline(m: AiModel): string {
  if (m.built_in) return 'Shipped with Voxa';
  const who = [m.created_by_user_name, m.created_by_team_name].filter(Boolean).join(', ');
  return `Added ${formatDate(m.created_at)}${who ? ` by ${who}` : ''}`;
}

function normalization(m: AiModel): string {
  const n = m.normalization;
  if (!n) return m.runtime === 'external' ? 'the worker’s own' : '—';
  if (n.kind !== 'ct') return NORMALIZATION_LABELS[n.kind];
  return `CT: clip ${n.clip[0]}…${n.clip[1]}, mean ${n.mean}, std ${n.std}`;
}
