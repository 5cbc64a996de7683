import { Button, Group, Loader, Select, Stack } from '@mantine/core';
import { INFERENCE_PAGE_SIZE, INFERENCE_STATES, InferenceState } from '@voxa/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DebouncedSearch } from '../../ui/DebouncedSearch';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { inferencesQueryFrom, inferencesSearch, type InferencesQuery } from './inferencesQuery';
import { InferencesTable } from './InferencesTable';
import { NeedsWorkerPanel } from './NeedsWorkerPanel';
import { CREATE_INFERENCE_PATH, INFERENCES_PATH } from './paths';
import { useInferences } from './useInferenceApi';

/** /ai-infers (r:ai-infers): the team's inferences, newest first, by state and model code. */
export function InferencesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = inferencesQueryFrom(params);
  const list = useInferences(query);
  const shown = useLastDefined(list.data);
  const go = (next: InferencesQuery) => void navigate(`${INFERENCES_PATH}${inferencesSearch(next)}`);

  return (
    <Stack gap={0}>
      <PageHeader
        title="AI Infers"
        actions={
          <>
            {list.isFetching && <Loader size="sm" aria-label="Loading inferences" />}
            <Button component={Link} to={CREATE_INFERENCE_PATH}>
              New inference
            </Button>
          </>
        }
      />
      <NeedsWorkerPanel />
      <Group gap="lg" align="flex-end" mb="md">
        <Select
          label="State"
          placeholder="All states"
          w={200}
          clearable
          data={[...INFERENCE_STATES]}
          value={query.state ?? null}
          onChange={(value) => {
            const state = InferenceState.safeParse(value);
            go({ ...query, page: 1, state: state.success ? state.data : undefined });
          }}
        />
        <DebouncedSearch
          value={query.model}
          label="Model"
          placeholder="Model code, such as total6mm"
          onSearch={(model) => go({ ...query, page: 1, model })}
        />
      </Group>
      {!shown ? (
        <DataState error={list.error} />
      ) : (
        <>
          <InferencesTable inferences={shown.data} empty="No inferences" />
          <ListPagination
            total={shown.total}
            perPage={INFERENCE_PAGE_SIZE}
            page={query.page}
            onChange={(page) => go({ ...query, page })}
            label="Inference pages"
          />
        </>
      )}
    </Stack>
  );
}
