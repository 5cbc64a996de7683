import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { INFERENCE_PAGE_SIZE } from '@voxa/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLastDefined } from '../../lib/useLastDefined';
import { DataState } from '../../ui/DataState';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { useOrganizeStudy } from '../organize/useOrganizeApi';
import { organizePath } from '../studies/paths';
import { InferencesTable } from './InferencesTable';
import { NeedsWorkerPanel } from './NeedsWorkerPanel';
import { caseInferencesPath } from './paths';
import { RunModelForm } from './RunModelForm';
import { StudyPicker } from './StudyPicker';
import { useInferences } from './useInferenceApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /ai2-inference (r:ai-infers): ?case= one case's inferences and a model to run on it; else a study picker. */
export function CaseInferencesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('case') ?? '';
  const caseUuid = UUID.test(raw) ? raw.toLowerCase() : '';
  return (
    <Stack>
      <PageHeader title="AI inference" />
      {caseUuid ? (
        <CaseInferences key={caseUuid} caseUuid={caseUuid} />
      ) : (
        <Card withBorder>
          <StudyPicker
            value={null}
            onChange={(study) => study && void navigate(caseInferencesPath(study.uuid))}
          />
        </Card>
      )}
    </Stack>
  );
}

function CaseInferences({ caseUuid }: { caseUuid: string }) {
  const [page, setPage] = useState(1);
  const organize = useOrganizeStudy(caseUuid);
  const list = useInferences({ study: caseUuid, page });
  const shown = useLastDefined(list.data);
  const study = organize.data?.study;
  const name = study && typeof study.data.patientName === 'string' ? study.data.patientName : study?.study_id;
  return (
    <Stack data-testid="case-inferences" data-case={caseUuid}>
      {study && (
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          <Anchor component={Link} to={organizePath(caseUuid)} size="sm">
            Organize
          </Anchor>
        </Group>
      )}
      <NeedsWorkerPanel study={caseUuid} />
      <Card withBorder>
        <Title order={2} size="h5" mb="sm">
          Run a model
        </Title>
        {organize.data ? (
          <RunModelForm
            compact
            caseUuid={caseUuid}
            series={organize.data.series}
            onStarted={() => setPage(1)}
          />
        ) : (
          <DataState error={organize.error} />
        )}
      </Card>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Inferences
        </Title>
        {list.isFetching && <Loader size="sm" aria-label="Loading inferences" />}
      </Group>
      {!shown ? (
        <DataState error={list.error} />
      ) : (
        <>
          <InferencesTable inferences={shown.data} empty="No inferences of this case yet" />
          <ListPagination
            total={shown.total}
            perPage={INFERENCE_PAGE_SIZE}
            page={page}
            onChange={setPage}
            label="Inference pages"
          />
        </>
      )}
    </Stack>
  );
}
