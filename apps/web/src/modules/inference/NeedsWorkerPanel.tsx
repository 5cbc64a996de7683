import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { NeedsWorkerModel, NeedsWorkerSeries } from '@voxa/contracts';
import { Link } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { notifyError, notifySuccess } from '../../ui/notify';
import { NeedsWorkerBadge, NeedsWorkerHelp } from './NeedsWorkerHelp';
import { caseInferencesPath } from './paths';
import { useCancelWaiting, useNeedsWorker } from './useNeedsWorkerApi';

export interface NeedsWorkerPanelProps {
  /** One case's series only (its study uuid), and the models they name; no bulk cancel of the team's. */
  study?: string;
}

/**
 * What waits for a worker (decision 0094): the models no online worker serves, with their waiting
 * inferences to cancel at once, and the series not run with them; nothing when nothing waits.
 */
export function NeedsWorkerPanel({ study }: NeedsWorkerPanelProps) {
  const needs = useNeedsWorker(study);
  const cancel = useCancelWaiting();
  const can = useCan();
  if (!needs.data) return null;
  const named = new Set(needs.data.series.flatMap((s) => s.models));
  const models = study ? needs.data.models.filter((m) => named.has(m.code)) : needs.data.models;
  const { series } = needs.data;
  if (models.length === 0 && series.length === 0) return null;
  const mayCancel = can('r:ai-infers') && !cancel.isPending;
  const cancelWaiting = (model?: string) =>
    cancel.mutate(model ? { model } : {}, {
      onSuccess: ({ cancelled }) =>
        notifySuccess(`${cancelled} waiting inference${cancelled === 1 ? ' has' : 's have'} been cancelled`),
      onError: notifyError,
    });
  const waiting = models.reduce((sum, m) => sum + m.waiting, 0);

  return (
    <Card withBorder mb="md" data-testid="needs-worker">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Waiting for a worker
        </Title>
        {!study && mayCancel && waiting > 0 && (
          <ConfirmButton
            label="Cancel all waiting"
            question="Cancel every queued inference of the team? Those a worker runs now go on."
            onConfirm={() => cancelWaiting()}
          />
        )}
      </Group>
      <NeedsWorkerHelp />
      <Stack gap="xs" mt="sm">
        {models.map((m) => (
          <ModelLine key={m.id} model={m} onCancel={mayCancel ? () => cancelWaiting(m.code) : undefined} />
        ))}
      </Stack>
      {series.length > 0 && (
        <Table mt="sm" data-testid="needs-worker-series-table">
          <Table.Tbody>
            {series.map((s) => (
              <SeriesLine key={s.uuid} series={s} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function ModelLine({ model: m, onCancel }: { model: NeedsWorkerModel; onCancel: (() => void) | undefined }) {
  return (
    <Group gap="xs" data-testid="needs-worker-model" data-model={m.code}>
      <Text size="sm" fw={500}>
        {m.name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {m.code}
      </Text>
      <NeedsWorkerBadge />
      {!m.automatic && (
        <Text size="xs" c="dimmed">
          not run after conversion
        </Text>
      )}
      <Text size="xs" data-testid="needs-worker-waiting">
        {m.waiting} waiting
      </Text>
      {onCancel && m.waiting > 0 && (
        <ConfirmButton
          label="Cancel waiting"
          ariaLabel={`Cancel the waiting inferences of ${m.code}`}
          question={`Cancel the ${m.waiting} queued inference(s) of ${m.code}?`}
          onConfirm={onCancel}
        />
      )}
    </Group>
  );
}

function SeriesLine({ series: s }: { series: NeedsWorkerSeries }) {
  return (
    <Table.Tr data-testid="needs-worker-series" data-series={s.uuid}>
      <Table.Td>
        <Text size="sm">{s.name}</Text>
        <Anchor component={Link} to={caseInferencesPath(s.study.uuid)} size="xs">
          {s.study.name || 'Case'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <NeedsWorkerBadge />
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" data-testid="needs-worker-series-models">
          {s.models.join(', ')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
