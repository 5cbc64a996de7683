import { Loader, Stack, Text } from '@mantine/core';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { ModelConfigurationRow } from './ModelConfigurationRow';
import { NeedsWorkerHelp } from './NeedsWorkerHelp';
import { needsAWorker } from './needsWorker';
import { useModelConfigurations } from './useModelConfigurationApi';

const COLUMNS = ['Model', 'Workers now', 'n', 'Model parameters (mp)', 'Run after conversion', ''];

/** /admin/ai-model-configuration (r:ai-model-configuration): per model, who serves it and the defaults. */
export function ModelConfigurationPage() {
  const list = useModelConfigurations();
  return (
    <Stack gap={0}>
      <PageHeader
        title="AI model configuration"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading models" />}
      />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          The team sees no models.
        </Text>
      ) : (
        <>
          {list.data.some(needsAWorker) && <NeedsWorkerHelp />}
          <DataTable testId="model-configuration-table" minWidth={1000} columns={COLUMNS}>
            {list.data.map((c) => (
              <ModelConfigurationRow key={c.model.id} configuration={c} />
            ))}
          </DataTable>
        </>
      )}
    </Stack>
  );
}
