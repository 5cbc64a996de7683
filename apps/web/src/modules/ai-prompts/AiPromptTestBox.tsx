import { Alert, Button, Card, Code, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { AiPromptDetail, AiPromptSeriesOption, AiPromptTestResult } from '@voxa/contracts';
import { useState } from 'react';
import { formMessage } from '../../lib/formErrors';
import { DebouncedSearch } from '../../ui/DebouncedSearch';
import { FormAlert } from '../../ui/FormAlert';
import { useAiPromptSeries, useAiPromptTest } from './useAiPromptsApi';

/** Long JSON lines wrap instead of running off the card. */
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

const seriesLabel = (s: AiPromptSeriesOption) =>
  [
    s.patientName ?? 'Unnamed study',
    s.seriesNumber === null ? null : `#${s.seriesNumber}`,
    s.seriesDescription,
    s.modality && `(${s.modality})`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The test box: runs a version of the prompt on a stored series of the team and shows what was sent, what
 * the model answered and what was read from it (or the rules' answer without a model).
 */
export function AiPromptTestBox({ prompt }: { prompt: AiPromptDetail }) {
  const [search, setSearch] = useState('');
  const [seriesUuid, setSeriesUuid] = useState<string | null>(null);
  const [version, setVersion] = useState(String(prompt.activeVersion));
  const series = useAiPromptSeries(search);
  const test = useAiPromptTest();
  return (
    <Card withBorder data-testid="ai-prompt-test-box">
      <Stack>
        <Title order={2} size="h4">
          Test
        </Title>
        <Group align="flex-end">
          <DebouncedSearch
            value={search || undefined}
            onSearch={(s) => setSearch(s ?? '')}
            placeholder="Patient, series description or number"
            label="Find a stored series"
          />
          <Select
            label="Series"
            placeholder={series.data?.length === 0 ? 'No stored series match' : 'Pick a series'}
            w={360}
            data={(series.data ?? []).map((s) => ({ value: s.uuid, label: seriesLabel(s) }))}
            value={seriesUuid}
            onChange={setSeriesUuid}
            data-testid="ai-prompt-test-series"
          />
          <Select
            label="Version"
            w={110}
            data={prompt.versions.map((v) => ({ value: String(v.version), label: `v${v.version}` }))}
            value={version}
            onChange={(v) => v && setVersion(v)}
            allowDeselect={false}
          />
          <Button
            disabled={!seriesUuid}
            loading={test.isPending}
            onClick={() => seriesUuid && test.mutate({ id: prompt.id, seriesUuid, version: Number(version) })}
          >
            Run prompt
          </Button>
        </Group>
        <FormAlert message={formMessage(test.error)} />
        {test.data && <TestResult result={test.data} />}
      </Stack>
    </Card>
  );
}

function TestResult({ result }: { result: AiPromptTestResult }) {
  return (
    <Stack gap="xs" data-testid="ai-prompt-test-result" data-source={result.source}>
      {!result.modelConfigured && (
        <Alert color="yellow" data-testid="ai-prompt-no-model">
          No language model is configured (LLM_URL): nothing was sent, the rules answered.
        </Alert>
      )}
      {result.error && (
        <Alert color="orange" data-testid="ai-prompt-test-error">
          The model’s answer was not used: {result.error} The rules answered.
        </Alert>
      )}
      <Text size="sm" fw={600}>
        Messages sent (v{result.version})
      </Text>
      {result.messages.map((m, i) => (
        <Stack key={i} gap={2}>
          <Text size="xs" c="dimmed">
            {m.role}
          </Text>
          <Code block data-testid={`ai-prompt-test-${m.role}`} style={WRAP}>
            {m.content}
          </Code>
        </Stack>
      ))}
      {result.modelConfigured && (
        <>
          <Text size="sm" fw={600}>
            The model’s answer
          </Text>
          <Code block data-testid="ai-prompt-test-raw" style={WRAP}>
            {result.raw ?? 'No answer.'}
          </Code>
        </>
      )}
      <Text size="sm" fw={600}>
        Result ({result.source === 'llm' ? 'language model' : 'rules'})
      </Text>
      <Table data-testid="ai-prompt-test-answer">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Series</Table.Th>
            <Table.Th>Acquisition</Table.Th>
            <Table.Th>Score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.result.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{result.series.seriesDescription ?? r.id}</Table.Td>
              <Table.Td data-testid="ai-prompt-test-code">{r.acquisitionCode}</Table.Td>
              <Table.Td>{r.score.toFixed(2)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
