import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { AcquisitionModels } from './AcquisitionModels';
import { BLUEPRINTS_PATH, CREATE_PIPELINE_PATH, editPipelinePath, pipelinePath } from './paths';
import { RemovePipelineButton } from './RemovePipelineButton';
import { useTeamPipelines } from './usePipelinesApi';

/** /pipeline (r:pipeline): the team's pipelines, which the upload offers. */
export function PipelinesPage() {
  const list = useTeamPipelines();
  return (
    <Stack gap={0}>
      <PageHeader
        title="Pipelines"
        actions={
          <>
            <Button variant="light" component={Link} to={BLUEPRINTS_PATH}>
              Blueprints
            </Button>
            <Button component={Link} to={CREATE_PIPELINE_PATH}>
              New pipeline
            </Button>
          </>
        }
      />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">No pipelines yet: start from a blueprint.</Text>
      ) : (
        <Table striped data-testid="pipelines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Modality</Table.Th>
              <Table.Th>Required acquisitions and models</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((p) => (
              <Table.Tr key={p.id} data-testid="pipeline-row" data-code={p.code}>
                <Table.Td>
                  <Anchor component={Link} to={pipelinePath(p.id)}>
                    {p.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.modality_code}</Table.Td>
                <Table.Td>
                  <AcquisitionModels acquisitions={p.acquisitions} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="subtle" component={Link} to={editPipelinePath(p.id)}>
                      Edit
                    </Button>
                    <RemovePipelineButton pipeline={p} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
