import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { Link } from 'react-router';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { fromBlueprintPath } from './paths';
import { useBlueprints } from './usePipelinesApi';

/** /pipeline-blueprint (r:pipeline): the seeded templates; "Use this template" opens the create form. */
export function BlueprintsPage() {
  const list = useBlueprints();
  return (
    <Stack gap={0}>
      <PageHeader title="Pipeline blueprints" />
      {!list.data ? (
        <DataState error={list.error} />
      ) : (
        <Table striped data-testid="blueprints-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Modality</Table.Th>
              <Table.Th>Required acquisitions</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((b) => (
              <Table.Tr key={b.code} data-testid="blueprint-row" data-code={b.code}>
                <Table.Td>{b.name}</Table.Td>
                <Table.Td>{b.modality_code}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {b.acquisitions.map((a) => (
                      <Badge key={a.code} variant="light">
                        {a.code}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    component={Link}
                    to={fromBlueprintPath(b.code)}
                    aria-label={`Use the template ${b.name}`}
                  >
                    Use this template
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
