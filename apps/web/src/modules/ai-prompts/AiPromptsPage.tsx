import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { aiPromptPath, CREATE_AI_PROMPT_PATH } from './paths';
import { TYPE_LABELS } from './labels';
import { useAiPrompts } from './useAiPromptsApi';

/** /ai-prompt (admin): the prompts acquisition recognition sends to the language model, by modality and type. */
export function AiPromptsPage() {
  const prompts = useAiPrompts();
  return (
    <Stack gap={0}>
      <PageHeader
        title="AI prompts"
        actions={
          <Button component={Link} to={CREATE_AI_PROMPT_PATH}>
            New prompt
          </Button>
        }
      />
      <Text size="sm" c="dimmed" mb="md">
        What acquisition recognition asks the language model, per modality. Each edit is a new version; the
        active one is sent.
      </Text>
      {!prompts.data ? (
        <DataState error={prompts.error} />
      ) : prompts.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No prompts yet.
        </Text>
      ) : (
        <DataTable
          testId="ai-prompts-table"
          minWidth={600}
          columns={['Modality', 'Type', 'Active version', 'Versions', 'Changed']}
        >
          {prompts.data.map((p) => (
            <Table.Tr key={p.id} data-testid="ai-prompt-row" data-modality={p.modality}>
              <Table.Td>
                <Anchor component={Link} to={aiPromptPath(p.id)}>
                  {p.modality}
                </Anchor>
              </Table.Td>
              <Table.Td>{TYPE_LABELS[p.type]}</Table.Td>
              <Table.Td data-testid="ai-prompt-active">v{p.activeVersion}</Table.Td>
              <Table.Td>{p.latestVersion}</Table.Td>
              <Table.Td>{formatDate(p.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
