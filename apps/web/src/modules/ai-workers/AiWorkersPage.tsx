import { Badge, Card, Code, Group, Loader, Stack, Text } from '@mantine/core';
import type { AiWorker } from '@voxa/contracts';
import { formatRelative } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { NewTokenHolderForm } from '../../ui/NewTokenHolderForm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useAiWorkerChanges, useAiWorkers } from './useAiWorkersApi';
import { WorkerJobs } from './WorkerJobs';

const STATUS_COLOURS: Record<AiWorker['status'], string> = { new: 'gray', online: 'green', offline: 'red' };

/**
 * /admin/ai-workers (r:ai-workers): the team's AI workers, whether they answer, what they serve, and their
 * jobs with attempts, trace ids and log tails; workers are added (token shown once) and revoked here.
 * Platform workers (the built-in CPU worker) serve every team: listed with the team's jobs, never revocable.
 */
export function AiWorkersPage() {
  const list = useAiWorkers();
  const { create, remove } = useAiWorkerChanges();
  return (
    <Stack gap={0}>
      <PageHeader
        title="AI workers"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading workers" />}
      />
      <NewTokenHolderForm
        create={create}
        label="New worker"
        placeholder="gpu-box-1"
        submitLabel="Add worker"
        tokenTestId="worker-token"
      >
        The worker sends it as <Code>Authorization: Bearer …</Code> (see docs/ai-workers.md).
      </NewTokenHolderForm>
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="ai-workers-empty">
          No workers yet: add one, then start it with its token.
        </Text>
      ) : (
        <Stack>
          {list.data.map((worker) => (
            <Card
              key={worker.id}
              withBorder
              data-testid="ai-worker"
              data-name={worker.name}
              data-status={worker.status}
            >
              <Group justify="space-between" mb="xs">
                <Group gap="xs">
                  <Text fw={600}>{worker.name}</Text>
                  <Badge color={STATUS_COLOURS[worker.status]} variant="light" data-testid="worker-status">
                    {worker.status}
                  </Badge>
                  {worker.platform && (
                    <Badge
                      color="blue"
                      variant="outline"
                      title="Serves every team; it cannot be revoked here."
                      data-testid="worker-platform"
                    >
                      platform
                    </Badge>
                  )}
                </Group>
                {worker.can_revoke && (
                  <ConfirmButton
                    label="Revoke"
                    ariaLabel={`Revoke ${worker.name}`}
                    question={`Revoke ${worker.name}? Its token stops working and its running jobs go back to the queue.`}
                    onConfirm={() =>
                      remove.mutate(worker.id, {
                        onSuccess: () => notifySuccess(`${worker.name} has been revoked`),
                        onError: notifyError,
                      })
                    }
                  />
                )}
              </Group>
              <Text size="sm" c="dimmed" mb="sm">
                {worker.last_seen_at ? (
                  <span title={worker.last_seen_at}>Last heard {formatRelative(worker.last_seen_at)}</span>
                ) : (
                  'Never connected'
                )}
                {worker.runtimes.length > 0 && ` · runs ${worker.runtimes.join(', ')}`}
                {` · capacity ${worker.capacity}`}
                {worker.version && ` · ${worker.version}`}
              </Text>
              {worker.models.length > 0 && (
                <Group gap={4} mb="sm">
                  {worker.models.map((code) => (
                    <Badge key={code} variant="outline" size="sm">
                      {code}
                    </Badge>
                  ))}
                </Group>
              )}
              <WorkerJobs jobs={worker.jobs} />
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
