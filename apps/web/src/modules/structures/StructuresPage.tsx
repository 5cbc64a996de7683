import { Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { CREATE_STRUCTURE_PATH, STRUCTURES_PATH, structurePath } from './paths';
import { StructureFilters } from './StructureFilters';
import { StructureOrigin } from './StructureOrigin';
import { structuresFilterFrom, structuresSearch, type StructuresFilter } from './structuresFilter';
import { useStructures } from './useStructuresApi';

/** /structures (r:structures): the catalogue and the team's own, searched and filtered by category. */
export function StructuresPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = structuresFilterFrom(params);
  const structures = useStructures(filter);
  const shown = useLastDefined(structures.data);
  const can = useCan();
  const go = (next: StructuresFilter) =>
    void navigate(STRUCTURES_PATH + structuresSearch(next), { replace: true });

  return (
    <Stack gap={0}>
      <PageHeader
        title="Structures"
        actions={
          <>
            {structures.isFetching && <Loader size="sm" aria-label="Loading structures" />}
            {can('r:structures') && (
              <Button component={Link} to={CREATE_STRUCTURE_PATH}>
                New structure
              </Button>
            )}
          </>
        }
      />
      <StructureFilters filter={filter} onChange={go} />
      {!shown ? (
        <DataState error={structures.error} />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="structures-empty">
          {filter.search || filter.category ? 'No structures match this search.' : 'No structures yet.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="structures-total">
            {shown.length} {shown.length === 1 ? 'structure' : 'structures'}
          </Text>
          <DataTable testId="structures-table" minWidth={640} columns={['Title', 'Slug', 'Category', '']}>
            {shown.map((s) => (
              <Table.Tr key={s.id} data-testid="structure-row" data-slug={s.slug}>
                <Table.Td>
                  <Anchor component={Link} to={structurePath(s.slug)}>
                    {s.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {s.slug}
                  </Text>
                </Table.Td>
                <Table.Td>{s.category?.title ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  <StructureOrigin structure={s} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </>
      )}
    </Stack>
  );
}
