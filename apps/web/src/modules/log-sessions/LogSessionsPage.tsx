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
import { useLogSessions } from './useLogSessionsApi';

/** /admin/log (r:log-session): the team's sessions, one per user and sign-in, latest first. */
export function LogSessionsPage() {
  const { form, filter, page, go, query } = useLogFilter();
  const list = useLogSessions(filter, page);
  return (
    <Stack gap="sm">
      <PageHeader
        title="Log sessions"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading sessions" />}
      />
      <LogFilterBar />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">No sessions</Text>
      ) : (
        <>
          <DataTable
            testId="log-sessions-table"
            minWidth={640}
            columns={['User', 'Started', 'Last event', 'Events', '']}
          >
            {list.data.data.map((s) => (
              <Table.Tr key={s.id} data-testid="log-session-row" data-user={s.user.email}>
                <Table.Td>
                  <Text size="sm">{s.user.name}</Text>
                  <Text size="xs" c="dimmed">
                    {s.user.email}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(s.started_at)}</Table.Td>
                <Table.Td>{formatDate(s.last_at)}</Table.Td>
                <Table.Td>{s.events}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={sessionPath(s.id, query)}>
                    Timeline
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
            label="Log sessions pages"
          />
        </>
      )}
    </Stack>
  );
}
