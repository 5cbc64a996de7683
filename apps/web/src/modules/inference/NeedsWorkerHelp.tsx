import { Anchor, Badge, Code, Group, Text } from '@mantine/core';
import { ADD_A_WORKER_PATH, NEEDS_A_WORKER, NEEDS_A_WORKER_DOCS, NEEDS_A_WORKER_HELP } from '@voxa/contracts';
import { Link } from 'react-router';

/** The words 'needs a worker' on a series or a model. */
export function NeedsWorkerBadge() {
  return (
    <Badge size="xs" color="orange" variant="light" data-testid="needs-a-worker">
      {NEEDS_A_WORKER}
    </Badge>
  );
}

/** The link to what to do: the workers page, where a worker is added. */
export function AddWorkerLink() {
  return (
    <Anchor component={Link} to={ADD_A_WORKER_PATH} size="xs">
      Add a worker
    </Anchor>
  );
}

/** What to do when a model has no worker: add one (the workers page), as the workers' guide says. */
export function NeedsWorkerHelp() {
  return (
    <Group gap={6} data-testid="needs-a-worker-help">
      <Text size="xs" c="dimmed">
        {NEEDS_A_WORKER_HELP}
      </Text>
      <AddWorkerLink />
      <Text size="xs" c="dimmed">
        (see <Code>{NEEDS_A_WORKER_DOCS}</Code>)
      </Text>
    </Group>
  );
}
