import { Anchor, Badge, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { AiModelFilters } from './AiModelFilters';
import { AiModelOrigin } from './AiModelOrigin';
import { filterFrom, filterSearch, type AiModelsFilter } from './filter';
import { RUNTIME_LABELS } from './labels';
import { AI_MODELS_PATH, aiModelPath, CREATE_AI_MODEL_PATH } from './paths';
import { useAiModels } from './useAiModelsApi';

/** /ai2-model (r:ai-models): the built-in models, the team's own and other teams' public ones. */
export function AiModelsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterFrom(params);
  const models = useAiModels(filter);
  const shown = useLastDefined(models.data);
  const can = useCan();
  const go = (next: AiModelsFilter) => void navigate(AI_MODELS_PATH + filterSearch(next), { replace: true });
  const filtered = Boolean(filter.search || filter.modality || filter.runtime);

  return (
    <Stack gap={0}>
      <PageHeader
        title="AI Models"
        actions={
          <>
            {models.isFetching && <Loader size="sm" aria-label="Loading AI models" />}
            {can('r:ai-models') && (
              <Button component={Link} to={CREATE_AI_MODEL_PATH}>
                New model
              </Button>
            )}
          </>
        }
      />
      <AiModelFilters filter={filter} onChange={go} />
      {!shown ? (
        <DataState error={models.error} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="ai-models-empty">
          {filtered ? 'No models match this filter.' : 'No AI models yet.'}
        </Text>
      ) : (
        <DataTable
          testId="ai-models-table"
          minWidth={820}
          columns={['Name', 'Code', 'Modality', 'Runtime', 'Segments', 'Origin', '']}
        >
          {shown.map((m) => (
            <Table.Tr key={m.id} data-testid="ai-model-row" data-code={m.code}>
              <Table.Td>
                <Anchor component={Link} to={aiModelPath(m.id)}>
                  {m.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {m.code}
                </Text>
              </Table.Td>
              <Table.Td>{m.modality}</Table.Td>
              <Table.Td>{RUNTIME_LABELS[m.runtime]}</Table.Td>
              <Table.Td>{m.segments.length}</Table.Td>
              <Table.Td>
                <AiModelOrigin model={m} />
              </Table.Td>
              <Table.Td ta="right">
                {!m.ready && (
                  <Badge color="orange" variant="light">
                    No file
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
