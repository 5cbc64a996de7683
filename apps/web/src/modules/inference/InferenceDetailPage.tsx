import { Anchor, Card, Code, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InferenceDetail } from '@voxa/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { InferenceActions } from './InferenceActions';
import { InferenceStateBadge } from './InferenceStateBadge';
import { LogTail } from './LogTail';
import { parametersText } from './parameters';
import { caseInferencesPath } from './paths';
import { useInference } from './useInferenceApi';

/** ?id= as an inference id, or null. */
const idFrom = (raw: string | null) => (raw !== null && /^\d{1,12}$/.test(raw) ? Number(raw) : null);

/** /ai-infers/detail?id= (r:ai-infers): one inference whole; follows it while it is not ended. */
export function InferenceDetailPage() {
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  const detail = useInference(id);
  if (id === null) return <FormAlert message="No inference was given." />;
  if (!detail.data) return <DataState error={detail.error} />;
  const i = detail.data;
  return (
    <Stack data-testid="inference-detail" data-state={i.state}>
      <PageHeader
        title={`Inference #${i.id}`}
        actions={
          <>
            {detail.isFetching && <Loader size="sm" aria-label="Loading the inference" />}
            <InferenceActions inference={i} withDetails={false} />
          </>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label="State">
            <InferenceStateBadge inference={i} />
            {i.reason && (
              <Text size="sm" c={i.state === 'failed' ? 'red' : 'dimmed'} data-testid="inference-reason">
                {i.reason}
              </Text>
            )}
          </Field>
          <Field label="Model">{i.model.name ? `${i.model.name} (${i.model.code})` : i.model.code}</Field>
          <Field label="Study">
            <Text size="sm">
              <Anchor component={Link} to={caseInferencesPath(i.study.uuid)} inherit>
                {i.study.name}
              </Anchor>
              {i.study.code && ` · ${i.study.code}`}
            </Text>
          </Field>
          <Field label="Series">{[i.series.modality, i.series.name].filter(Boolean).join(' · ')}</Field>
          <Field label="Attempts">{`${i.attempts} of ${i.max_attempts}`}</Field>
          <Field label="Worker">{i.worker_name ?? '—'}</Field>
          <Field label="Created">{createdText(i)}</Field>
          <Field label="Started · finished">
            {`${formatDate(i.started_at) || '—'} · ${formatDate(i.finished_at) || '—'}`}
          </Field>
          <Field label="Trace id">
            <Code>{i.trace_id}</Code>
          </Field>
          <Field label="Parameters">
            <Code block fz="xs">
              {parametersText(i.parameters) || '{}'}
            </Code>
          </Field>
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        Log
      </Title>
      <LogTail text={i.log_tail} />
    </Stack>
  );
}

const createdText = (i: InferenceDetail) =>
  `${formatDate(i.created_at)} · ${i.automatic ? 'automatically, after conversion' : (i.created_by_user_name ?? '—')}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Stack gap={2}>{typeof children === 'string' ? <Text size="sm">{children}</Text> : children}</Stack>
    </Group>
  );
}
