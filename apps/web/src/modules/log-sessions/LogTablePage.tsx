import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { LOG_PAGE_SIZE } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { sessionPath } from './filters';
import { LogFilterBar, useLogFilter } from './LogFilterBar';
import { useLogEvents } from './useLogSessionsApi';

/** /admin/log/table (r:log-session): the team's log events, newest first, with the sessions' filters. */
export function LogTablePage() {
  const { form, filter, page, go, query } = useLogFilter();
  const list = useLogEvents(filter, page);
  return (
    <Stack gap="sm">
      <PageHeader
        title="Log events"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading events" />}
      />
      <LogFilterBar />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">No events</Text>
      ) : (
        <>
          <DataTable
            testId="log-events-table"
            minWidth={760}
            columns={['Time', 'User', 'Type', 'Path', 'Data', 'Session']}
          >
            {list.data.data.map((e) => (
              <Table.Tr key={e.id} data-testid="log-event-row">
                <Table.Td>{formatDate(e.created_at)}</Table.Td>
                <Table.Td>{e.user.name}</Table.Td>
                <Table.Td>{e.type}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{e.path}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{e.data}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={sessionPath(e.session_id, query)}>
                    {`#${e.session_id}`}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <ListPagination
            total={list.data.total}
            perPage={LOG_PAGE_SIZE}
            page={page}
            onChange={(p) => go(form, p)}
            label="Log events pages"
          />
        </>
      )}
    </Stack>
  );
}
