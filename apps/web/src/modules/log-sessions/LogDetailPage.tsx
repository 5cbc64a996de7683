import { Anchor, Code, Stack, Text, Timeline } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { useLogSession } from './useLogSessionsApi';

/** /admin/log/detail/:id? (r:log-session): one session's events in order, as a timeline. */
export function LogDetailPage() {
  const id = idParam(useParams().id);
  const [search] = useSearchParams();
  const back = `/admin/log${search.size ? `?${search.toString()}` : ''}`;
  const detail = useLogSession(id);
  const backLink = (
    <Anchor component={Link} to={back}>
      Back to the sessions
    </Anchor>
  );
  if (id === null) {
    return (
      <Stack gap="sm">
        <PageHeader title="Log session" />
        <Text>Choose a session in the list to see its timeline.</Text>
        {backLink}
      </Stack>
    );
  }
  if (!detail.data) return <DataState error={detail.error} />;
  const { session, events, truncated } = detail.data;
  return (
    <Stack gap="sm">
      <PageHeader title={`Log session #${session.id}`} actions={backLink} />
      <Text data-testid="log-session-summary">
        {`${session.user.name} (${session.user.email}), ${formatDate(session.started_at)} to ${formatDate(session.last_at)}, ${session.events} events`}
      </Text>
      {truncated && (
        <Text c="dimmed">{`The first ${events.length} events are shown; the table has them all.`}</Text>
      )}
      <Timeline bulletSize={14} lineWidth={2} data-testid="log-timeline">
        {events.map((e) => (
          <Timeline.Item key={e.id} title={e.path} data-testid="log-timeline-item">
            <Text size="xs" c="dimmed">
              {`${formatDate(e.created_at)} · ${e.type}`}
            </Text>
            {e.data && <Code>{e.data}</Code>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
