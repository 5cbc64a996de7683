import { Badge, Code, Progress, Table, Text } from '@mantine/core';
import type { AiJobSummary } from '@voxa/contracts';
import { formatRelative } from '../../lib/format';

const STATE_COLOURS: Record<AiJobSummary['state'], string> = {
  created: 'gray',
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** A worker's latest jobs: state, progress, attempts, trace id and the end of the log. */
export function WorkerJobs({ jobs }: { jobs: AiJobSummary[] }) {
  if (jobs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No jobs yet.
      </Text>
    );
  return (
    <Table fz="sm" data-testid="worker-jobs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Job</Table.Th>
          <Table.Th>Model</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Trace id</Table.Th>
          <Table.Th>Log</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.map((job) => (
          <Table.Tr key={job.id} data-testid="worker-job" data-state={job.state}>
            <Table.Td>
              #{job.id}
              <Text size="xs" c="dimmed" title={job.updated_at}>
                {formatRelative(job.updated_at)}
              </Text>
            </Table.Td>
            <Table.Td>{job.model_code}</Table.Td>
            <Table.Td>
              <Badge color={STATE_COLOURS[job.state]} variant="light">
                {job.state}
              </Badge>
              {job.state === 'running' && <Progress value={job.progress * 100} size="sm" mt={4} />}
              {job.error && (
                <Text size="xs" c="red">
                  {job.error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{job.attempts}</Table.Td>
            <Table.Td>
              <Code>{job.trace_id}</Code>
            </Table.Td>
            <Table.Td maw={360}>
              <Code block fz="xs" mah={120} style={{ overflow: 'auto' }}>
                {job.log_tail || '—'}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
