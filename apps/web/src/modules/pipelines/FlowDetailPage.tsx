import { Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Flow, FlowInference, FlowStep } from '@voxa/contracts';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { openAnnotator } from '../annotator/openAnnotator';
import { InferenceStateBadge } from '../inference/InferenceStateBadge';
import { inferencePath } from '../inference/paths';
import { FlowStateBadge } from './FlowStateBadge';
import { pipelinePath } from './paths';
import { useFlow } from './usePipelinesApi';

/** A done inference's segmentation in the annotator's AI mode, as the inference pages open it. */
function ResultButton({ flow, step, inference }: { flow: Flow; step: FlowStep; inference: FlowInference }) {
  const { series } = step;
  if (inference.state !== 'done' || inference.segmentation_id === null || !series) return null;
  const taskId = inference.segmentation_id;
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`Open the result of ${inference.model_code} on ${step.acquisition_code}`}
      onClick={() =>
        openAnnotator(flow.study.uuid, {
          caseUuid: series.uuid,
          modality: series.modality,
          taskId,
          mode: 'aiinfer',
        })
      }
    >
      Open result
    </Button>
  );
}

/** /flow/:id (r:flow): a pipeline run on a study, its steps and their results; read again while open. */
export function FlowDetailPage() {
  const id = idParam(useParams().id);
  const detail = useFlow(id);
  if (id === null) return <FormAlert message="No flow was given." />;
  if (!detail.data) return <DataState error={detail.error} />;
  const f = detail.data;
  return (
    <Stack data-testid="flow-detail" data-state={f.state}>
      <PageHeader
        title={`Flow #${f.id}`}
        actions={detail.isFetching && <Loader size="sm" aria-label="Loading the flow" />}
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField label="State">
            <FlowStateBadge state={f.state} />
          </DetailField>
          <DetailField label="Pipeline">
            {f.pipeline.id === null ? (
              `${f.pipeline.name} (${f.pipeline.code})`
            ) : (
              <Text size="sm" component={Link} to={pipelinePath(f.pipeline.id)} c="blue">
                {`${f.pipeline.name} (${f.pipeline.code})`}
              </Text>
            )}
          </DetailField>
          <DetailField label="Study">{f.study.code}</DetailField>
          <DetailField label="Started">{formatDate(f.created_at)}</DetailField>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        Steps
      </Title>
      <Table striped data-testid="flow-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Acquisition</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Series</Table.Th>
            <Table.Th>Models and results</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {f.steps.map((s) => (
            <Table.Tr key={s.acquisition_code} data-testid="flow-step" data-code={s.acquisition_code}>
              <Table.Td>{s.acquisition_code}</Table.Td>
              <Table.Td>
                <FlowStateBadge state={s.state} testId="flow-step-state" />
              </Table.Td>
              <Table.Td>
                {s.series ? `Series ${s.series.series_number ?? '—'}` : <Text c="dimmed">no series yet</Text>}
              </Table.Td>
              <Table.Td>
                {s.inferences.length === 0 && <Text c="dimmed">no models</Text>}
                {s.inferences.map((i) => (
                  <Group key={i.model_code} gap="xs" data-testid="flow-inference" data-model={i.model_code}>
                    <Text size="sm">{i.model_code}</Text>
                    {i.state === null || i.inference_id === null ? (
                      <Text size="sm" c="red">
                        no such model
                      </Text>
                    ) : (
                      <>
                        <InferenceStateBadge inference={{ state: i.state, progress: 0 }} />
                        <Button
                          size="xs"
                          variant="subtle"
                          component={Link}
                          to={inferencePath(i.inference_id)}
                        >
                          Details
                        </Button>
                      </>
                    )}
                    <ResultButton flow={f} step={s} inference={i} />
                  </Group>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
