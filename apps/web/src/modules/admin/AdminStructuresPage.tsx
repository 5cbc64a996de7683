import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminStructure } from '@voxa/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLastDefined } from '../../lib/useLastDefined';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { StructureFilters } from '../structures/StructureFilters';
import { StructureOrigin } from '../structures/StructureOrigin';
import {
  structuresFilterFrom,
  structuresSearch,
  type StructuresFilter,
} from '../structures/structuresFilter';
import type { StructureFormValues } from '../structures/StructureForm';
import { AdminStructureModal } from './AdminStructureModal';
import { useAdminStructureChanges, useAdminStructures } from './useAdminStructuresApi';

const PATH = '/admin/structures-x';

/** /admin/structures-x (administrators): the global structure catalogue every team reads. */
export function AdminStructuresPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = structuresFilterFrom(params);
  const structures = useAdminStructures(filter);
  const shown = useLastDefined(structures.data);
  const { create, update, remove } = useAdminStructureChanges();
  /** The structure in the modal: null for a new one, undefined when it is closed. */
  const [editing, setEditing] = useState<AdminStructure | null | undefined>(undefined);
  const go = (next: StructuresFilter) => void navigate(PATH + structuresSearch(next), { replace: true });
  const mutation = editing ? update : create;

  const close = () => {
    setEditing(undefined);
    create.reset();
    update.reset();
  };
  const save = (values: StructureFormValues) => {
    const onSuccess = (s: AdminStructure) => {
      notifySuccess(`Structure ${s.title} has been saved`);
      close();
    };
    if (editing)
      update.mutate(
        {
          id: editing.id,
          changes: {
            title: values.title,
            category: values.category,
            ...(!editing.seeded && { slug: values.slug }),
          },
        },
        { onSuccess },
      );
    else create.mutate({ title: values.title, category: values.category }, { onSuccess });
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title="Structures"
        actions={<Button onClick={() => setEditing(null)}>New structure</Button>}
      />
      <StructureFilters filter={filter} onChange={go} />
      {!shown ? (
        <DataState error={structures.error} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="structures-empty">
          {filter.search || filter.category ? 'No structures match this search.' : 'No structures yet.'}
        </Text>
      ) : (
        <DataTable
          testId="admin-structures-table"
          minWidth={760}
          columns={['Title', 'Slug', 'Category', 'Origin', 'Segmentations', '']}
        >
          {shown.map((s) => (
            <Table.Tr key={s.id} data-testid="structure-row" data-slug={s.slug}>
              <Table.Td>{s.title}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {s.slug}
                </Text>
              </Table.Td>
              <Table.Td>{s.category?.title ?? '—'}</Table.Td>
              <Table.Td>
                <StructureOrigin structure={s} />
              </Table.Td>
              <Table.Td>{s.used_by}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Edit ${s.title}`}
                    onClick={() => setEditing(s)}
                  >
                    Edit
                  </Button>
                  {!s.seeded && (
                    <ConfirmButton
                      label="Delete"
                      ariaLabel={`Delete ${s.title}`}
                      question={`Delete the structure ${s.title} from the catalogue?`}
                      onConfirm={() =>
                        remove.mutate(s.id, {
                          onSuccess: () => notifySuccess(`Structure ${s.title} has been deleted`),
                          onError: notifyError,
                        })
                      }
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {editing !== undefined && (
        <AdminStructureModal
          key={editing?.id ?? 'new'}
          structure={editing}
          pending={mutation.isPending}
          error={mutation.error}
          onSave={save}
          onClose={close}
        />
      )}
    </Stack>
  );
}
