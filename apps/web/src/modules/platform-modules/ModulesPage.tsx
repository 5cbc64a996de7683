import { Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';

/** Health changes on its own (a worker goes offline, the disk fills): the page looks again this often. */
const REFRESH_MS = 10_000;

/**
 * /modules (administrators; decision 0061): the platform's parts and their health: database, job queue,
 * the dcm2niix build in use, AI workers online, storage, versions.
 */
export function ModulesPage() {
  const health = useQuery({
    queryKey: ['platform-modules'],
    queryFn: ({ signal }) => call(api.platformModules.health, { signal }),
    refetchInterval: REFRESH_MS,
  });
  return (
    <Stack gap={0}>
      <PageHeader
        title="Modules"
        actions={health.isFetching && <Loader size="sm" aria-label="Checking the modules" />}
      />
      {!health.data ? (
        <DataState error={health.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Checked {formatDate(health.data.checked_at)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {health.data.modules.map((module) => (
              <Card
                key={module.key}
                withBorder
                data-testid="module"
                data-key={module.key}
                data-ok={module.ok}
              >
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{module.name}</Text>
                  <Badge color={module.ok ? 'green' : 'red'} variant="light">
                    {module.ok ? 'ok' : 'fault'}
                  </Badge>
                </Group>
                <Text size="sm" mb="xs" data-testid="module-kind">
                  {module.kind}
                </Text>
                {module.details.length > 0 && (
                  <Table fz="sm" verticalSpacing={2}>
                    <Table.Tbody>
                      {module.details.map((d) => (
                        <Table.Tr key={d.label}>
                          <Table.Td c="dimmed">{d.label}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-all' }}>{d.value}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
