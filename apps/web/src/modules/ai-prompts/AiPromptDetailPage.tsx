import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { AiPromptDetail } from '@voxa/contracts';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { AiPromptTestBox } from './AiPromptTestBox';
import { TYPE_LABELS } from './labels';
import { editAiPromptPath } from './paths';
import { useAiPrompt, useAiPromptChanges } from './useAiPromptsApi';

/** /ai-prompt/:id (admin): a prompt's versions, newest first, which one is active, and the test box. */
export function AiPromptDetailPage() {
  const id = idParam(useParams().id);
  const prompt = useAiPrompt(id);
  if (id === null) return <DataState error={new Error('No such prompt.')} />;
  if (!prompt.data) return <DataState error={prompt.error} />;
  const p = prompt.data;
  return (
    <Stack maw={1000} data-testid="ai-prompt-detail" data-modality={p.modality}>
      <PageHeader
        title={`${p.modality} ${TYPE_LABELS[p.type].toLowerCase()} prompt`}
        actions={
          <Button component={Link} to={editAiPromptPath(p.id)} variant="light">
            Edit prompt
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        Active version: <span data-testid="ai-prompt-active-version">v{p.activeVersion}</span>
      </Text>
      <AiPromptTestBox prompt={p} />
      <Title order={2} size="h4">
        Versions
      </Title>
      <Stack data-testid="ai-prompt-versions">
        {p.versions.map((v) => (
          <VersionCard key={v.version} prompt={p} version={v} />
        ))}
      </Stack>
    </Stack>
  );
}

function VersionCard({
  prompt,
  version: v,
}: {
  prompt: AiPromptDetail;
  version: AiPromptDetail['versions'][number];
}) {
  const { activate } = useAiPromptChanges();
  const active = v.version === prompt.activeVersion;
  return (
    <Card withBorder data-testid="ai-prompt-version" data-version={v.version} data-active={active}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>v{v.version}</Text>
          {active && (
            <Badge color="green" variant="light">
              Active
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {formatDate(v.createdAt)} · {v.createdBy ?? 'Built in'}
          </Text>
        </Group>
        {!active && (
          <Button
            size="xs"
            variant="light"
            loading={activate.isPending}
            onClick={() =>
              activate.mutate(
                { id: prompt.id, version: v.version },
                { onSuccess: () => notifySuccess(`Version ${v.version} is active`), onError: notifyError },
              )
            }
          >
            Activate
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        System message
      </Text>
      <Code block data-testid="ai-prompt-version-system" style={{ whiteSpace: 'pre-wrap' }}>
        {v.system}
      </Code>
      <Text size="xs" c="dimmed" mt="xs">
        User message
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap' }}>
        {v.user}
      </Code>
    </Card>
  );
}
