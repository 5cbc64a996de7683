import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { BatchesTable } from './BatchesTable';
import { BatchForm } from './BatchForm';
import { BatchProgress } from './BatchProgress';
import { useBatches } from './useInferenceApi';

/** ?batch= as a batch id, or null. */
const batchFrom = (raw: string | null) => (raw !== null && /^\d{1,12}$/.test(raw) ? Number(raw) : null);

/** /admin/batch-infer (r:ai-infers): one model over many studies; the batches and one's progress table. */
export function BatchInferPage() {
  const [params, setParams] = useSearchParams();
  const selected = batchFrom(params.get('batch'));
  const batches = useBatches();
  const select = (id: number) => setParams({ batch: String(id) });
  return (
    <Stack>
      <PageHeader title="Batch inference" />
      <BatchForm onStarted={(batch) => select(batch.id)} />
      <Title order={2} size="h4">
        Batches
      </Title>
      {batches.data ? (
        <BatchesTable batches={batches.data} selected={selected} onSelect={select} />
      ) : (
        <DataState error={batches.error} />
      )}
      {selected !== null && <BatchProgress key={selected} batchId={selected} />}
    </Stack>
  );
}
