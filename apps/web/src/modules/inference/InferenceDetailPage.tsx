import { Anchor, Card, Code, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InferenceDetail } from '@voxa/contracts';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { InferenceActions } from './InferenceActions';
import { InferenceStateBadge } from './InferenceStateBadge';
import { LogTail } from './LogTail';
import { parametersText } from './parameters';
import { caseInferencesPath } from './paths';
import { useInference } from './useInferenceApi';

/** /ai-infers/detail?id= (r:ai-infers): one inference whole; follows it while it is not ended. */
export function InferenceDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
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
          <DetailField label="State">
            <InferenceStateBadge inference={i} />
            {i.reason && (
              <Text size="sm" c={i.state === 'failed' ? 'red' : 'dimmed'} data-testid="inference-reason">
                {i.reason}
              </Text>
            )}
          </DetailField>
          <DetailField label="Model">
            {i.model.name ? `${i.model.name} (${i.model.code})` : i.model.code}
          </DetailField>
          <DetailField label="Study">
            <Text size="sm">
              <Anchor component={Link} to={caseInferencesPath(i.study.uuid)} inherit>
                {i.study.name}
              </Anchor>
              {i.study.code && ` · ${i.study.code}`}
            </Text>
          </DetailField>
          <DetailField label="Series">
            {[i.series.modality, i.series.name].filter(Boolean).join(' · ')}
          </DetailField>
          <DetailField label="Attempts">{`${i.attempts} of ${i.max_attempts}`}</DetailField>
          <DetailField label="Worker">{i.worker_name ?? '—'}</DetailField>
          <DetailField label="Created">{createdText(i)}</DetailField>
          <DetailField label="Started · finished">
            {`${formatDate(i.started_at) || '—'} · ${formatDate(i.finished_at) || '—'}`}
          </DetailField>
          <DetailField label="Trace id">
            <Code>{i.trace_id}</Code>
          </DetailField>
          <DetailField label="Parameters">
            <Code block fz="xs">
              {parametersText(i.parameters) || '{}'}
            </Code>
          </DetailField>
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
