import { List, Loader, Stack, Text, Title, Group } from '@mantine/core';
import { DataState } from '../../ui/DataState';
import { BatchCounts } from './BatchCounts';
import { InferencesTable } from './InferencesTable';
import { useBatch } from './useInferenceApi';

export interface BatchProgressProps {
  batchId: number;
}

/** One batch's progress table: a row per study, following it while any runs. */
export function BatchProgress({ batchId }: BatchProgressProps) {
  const batch = useBatch(batchId);
  if (!batch.data) return <DataState error={batch.error} />;
  const b = batch.data;
  return (
    <Stack gap="sm" data-testid="batch-progress" data-batch-id={b.id}>
      <Group gap="sm">
        <Title order={2} size="h4">
          Batch #{b.id} · {b.model.code}
        </Title>
        <BatchCounts counts={b.counts} />
        {batch.isFetching && <Loader size="xs" aria-label="Loading the batch" />}
      </Group>
      {b.skipped.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" c="orange">
            Skipped:
          </Text>
          <List size="sm" data-testid="batch-skipped">
            {b.skipped.map((s) => (
              <List.Item key={s.uuid}>{`${s.name}: ${s.reason}`}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <InferencesTable inferences={b.inferences} empty="No inferences in this batch" />
    </Stack>
  );
}
