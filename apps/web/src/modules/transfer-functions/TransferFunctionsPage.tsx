import { Button, Loader, Stack, Text } from '@mantine/core';
import type { TransferFunctionFilter } from '@voxa/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { filterFrom, filterSearch } from './filter';
import { TransferFunctionDrawer, type Editing } from './TransferFunctionDrawer';
import { TransferFunctionFilters } from './TransferFunctionFilters';
import { TransferFunctionRow } from './TransferFunctionRow';
import { useTransferFunctionChanges, useTransferFunctions } from './useTransferFunctionsApi';

const PATH = '/transfer-functions';

/**
 * /transfer-functions (r:transfer-functions): the built-in window presets and colour maps and the team's
 * own, which the annotator offers; the team's own are created, edited and deleted here.
 */
export function TransferFunctionsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterFrom(params);
  const list = useTransferFunctions(filter);
  const shown = useLastDefined(list.data);
  const { remove } = useTransferFunctionChanges();
  const [editing, setEditing] = useState<Editing | null>(null);
  const canChange = useCan()('r:transfer-functions');
  const go = (next: TransferFunctionFilter) => void navigate(PATH + filterSearch(next), { replace: true });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Transfer functions"
        actions={
          <>
            {list.isFetching && <Loader size="sm" aria-label="Loading transfer functions" />}
            {canChange && (
              <>
                <Button variant="light" onClick={() => setEditing({ kind: 'window' })}>
                  New window preset
                </Button>
                <Button onClick={() => setEditing({ kind: 'colormap' })}>New colour map</Button>
              </>
            )}
          </>
        }
      />
      <TransferFunctionFilters filter={filter} onChange={go} />
      {!shown ? (
        <DataState error={list.error} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="transfer-functions-empty">
          No transfer functions match this filter.
        </Text>
      ) : (
        <DataTable
          testId="transfer-functions-table"
          minWidth={760}
          columns={['Name', 'Kind', 'Modality', 'Settings', 'Origin', '']}
        >
          {shown.map((tf) => (
            <TransferFunctionRow
              key={tf.id}
              tf={tf}
              canChange={canChange}
              onEdit={() => setEditing({ existing: tf })}
              onDelete={() =>
                remove.mutate(tf.id, {
                  onSuccess: () => notifySuccess(`${tf.name} has been deleted`),
                  onError: notifyError,
                })
              }
            />
          ))}
        </DataTable>
      )}
      <TransferFunctionDrawer editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
