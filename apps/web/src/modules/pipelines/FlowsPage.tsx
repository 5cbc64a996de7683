import { Anchor, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { FLOW_PAGE_SIZE, FLOW_STATES, FlowState } from '@voxa/contracts';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { FlowStateBadge } from './FlowStateBadge';
import { flowPath } from './paths';
import { useFlows } from './usePipelinesApi';

const ALL = 'all';

/** /flow (r:flow): the team's pipeline runs on studies, newest first, filtered by state (in the address). */
export function FlowsPage() {
  const [search, setSearch] = useSearchParams();
  const state = FlowState.safeParse(search.get('state')).data ?? null;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useFlows(state, page);
  const go = (next: { state?: string; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.state ?? state ?? ALL;
    if (s !== ALL) params.set('state', s);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  return (
    <Stack gap="sm">
      <PageHeader
        title="Flows"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading flows" />}
      />
      <SegmentedControl
        w="fit-content"
        aria-label="State"
        value={state ?? ALL}
        data={[ALL, ...FLOW_STATES]}
        onChange={(s) => go({ state: s })}
      />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">No flows</Text>
      ) : (
        <>
          <Table striped data-testid="flows-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Pipeline</Table.Th>
                <Table.Th>Study</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th>Started</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((f) => (
                <Table.Tr key={f.id} data-testid="flow-row" data-id={f.id}>
                  <Table.Td>
                    <Anchor component={Link} to={flowPath(f.id)}>
                      {`#${f.id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{`${f.pipeline.name} (${f.pipeline.code})`}</Table.Td>
                  <Table.Td>{f.study.code}</Table.Td>
                  <Table.Td>
                    <FlowStateBadge state={f.state} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {f.steps.map((s) => (
                        <Text key={s.acquisition_code} size="sm">{`${s.acquisition_code}: ${s.state}`}</Text>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(f.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination
            total={list.data.total}
            perPage={FLOW_PAGE_SIZE}
            page={page}
            onChange={(p) => go({ page: p })}
            label="Flows pages"
          />
        </>
      )}
    </Stack>
  );
}
