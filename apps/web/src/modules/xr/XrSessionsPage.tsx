import { Badge, Loader, Stack, Table, Text } from '@mantine/core';
import type { XrSession } from '@voxa/contracts';
import { formatDate } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { notifyError } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { NewXrSessionForm } from './NewXrSessionForm';
import { useXrSessionChanges, useXrSessions } from './useXrApi';

const STATE_COLOURS: Record<XrSession['state'], string> = {
  pending: 'yellow',
  active: 'green',
  ended: 'gray',
};

/**
 * /admin/xr-sessions (r:xr-sessions; decision 0062): series opened on the team's XR workers, pending until
 * the worker picks them up, active while shown; ended here or on the headset.
 */
export function XrSessionsPage() {
  const list = useXrSessions();
  const { end } = useXrSessionChanges();
  return (
    <Stack gap={0}>
      <PageHeader
        title="XR sessions"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading XR sessions" />}
      />
      <NewXrSessionForm />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="xr-sessions-empty">
          No XR sessions yet: open a series on one of the team’s XR workers.
        </Text>
      ) : (
        <DataTable
          testId="xr-sessions-table"
          minWidth={760}
          columns={['Series', 'Worker', 'State', 'By', 'Started', 'Ended', '']}
        >
          {list.data.map((session) => (
            <Table.Tr key={session.id} data-testid="xr-session" data-state={session.state}>
              <Table.Td title={session.series.uuid}>
                {session.series.description ?? session.series.uuid.slice(0, 8)}
              </Table.Td>
              <Table.Td>{session.worker.name}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOURS[session.state]} variant="light" data-testid="xr-session-state">
                  {session.state}
                </Badge>
              </Table.Td>
              <Table.Td>{session.created_by ?? '—'}</Table.Td>
              <Table.Td>{session.started_at ? formatDate(session.started_at) : '—'}</Table.Td>
              <Table.Td>{session.ended_at ? formatDate(session.ended_at) : '—'}</Table.Td>
              <Table.Td>
                {session.state !== 'ended' && (
                  <ConfirmButton
                    label="End"
                    ariaLabel={`End the session on ${session.worker.name}`}
                    question={`End the session on ${session.worker.name}? The headset closes it on its next heartbeat.`}
                    onConfirm={() => end.mutate(session.id, { onError: notifyError })}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
