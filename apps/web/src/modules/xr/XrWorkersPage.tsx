import { Badge, Code, Loader, Stack, Table, Text } from '@mantine/core';
import type { XrWorker } from '@voxa/contracts';
import { formatRelative } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { NewTokenHolderForm } from '../../ui/NewTokenHolderForm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useXrWorkerChanges, useXrWorkers } from './useXrApi';

export const XR_STATUS_COLOURS: Record<XrWorker['status'], string> = {
  new: 'gray',
  online: 'green',
  offline: 'red',
};

/**
 * /admin/xr-workers (r:xr-workers; decision 0062): the team's headsets and viewers, whether they answer,
 * what they said they are; added here with a token shown once, revoked here (their open sessions end).
 */
export function XrWorkersPage() {
  const list = useXrWorkers();
  const { create, remove } = useXrWorkerChanges();
  return (
    <Stack gap={0}>
      <PageHeader
        title="XR workers"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading XR workers" />}
      />
      <NewTokenHolderForm
        create={create}
        label="New XR worker"
        placeholder="Quest 3 in room 2"
        submitLabel="Add XR worker"
        tokenTestId="xr-worker-token"
      >
        The headset app sends it as <Code>Authorization: Bearer …</Code> to /api/xr-worker/register and
        /api/xr-worker/heartbeat.
      </NewTokenHolderForm>
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="xr-workers-empty">
          No XR workers yet: add one, then enter its token in the headset app.
        </Text>
      ) : (
        <DataTable
          testId="xr-workers-table"
          minWidth={640}
          columns={['Name', 'State', 'Device', 'Last heard', '']}
        >
          {list.data.map((worker) => (
            <Table.Tr
              key={worker.id}
              data-testid="xr-worker"
              data-name={worker.name}
              data-status={worker.status}
            >
              <Table.Td>{worker.name}</Table.Td>
              <Table.Td>
                <Badge
                  color={XR_STATUS_COLOURS[worker.status]}
                  variant="light"
                  data-testid="xr-worker-status"
                >
                  {worker.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {worker.device ?? '—'}
                {worker.version && ` · ${worker.version}`}
              </Table.Td>
              <Table.Td>
                {worker.last_seen_at ? (
                  <span title={worker.last_seen_at}>{formatRelative(worker.last_seen_at)}</span>
                ) : (
                  'Never connected'
                )}
              </Table.Td>
              <Table.Td>
                <ConfirmButton
                  label="Revoke"
                  ariaLabel={`Revoke ${worker.name}`}
                  question={`Revoke ${worker.name}? Its token stops working and its open sessions end.`}
                  onConfirm={() =>
                    remove.mutate(worker.id, {
                      onSuccess: () => notifySuccess(`${worker.name} has been revoked`),
                      onError: notifyError,
                    })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
