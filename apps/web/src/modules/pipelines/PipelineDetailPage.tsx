import { Button, Card, SimpleGrid, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { DetailField } from '../../ui/DetailField';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { AcquisitionModels } from './AcquisitionModels';
import { editPipelinePath, PIPELINES_PATH } from './paths';
import { RemovePipelineButton } from './RemovePipelineButton';
import { useTeamPipeline } from './usePipelinesApi';

/** /pipeline/:id (r:pipeline): one pipeline, its required acquisitions and their models. */
export function PipelineDetailPage() {
  const id = idParam(useParams().id);
  const pipeline = useTeamPipeline(id);
  const navigate = useNavigate();
  if (id === null) return <FormAlert message="No pipeline was given." />;
  if (!pipeline.data) return <DataState error={pipeline.error} />;
  const p = pipeline.data;
  return (
    <Stack data-testid="pipeline-detail">
      <PageHeader
        title={p.name}
        actions={
          <>
            <Button component={Link} to={editPipelinePath(p.id)}>
              Edit
            </Button>
            <RemovePipelineButton pipeline={p} onRemoved={() => void navigate(PIPELINES_PATH)} />
          </>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DetailField label="Code">{p.code}</DetailField>
          <DetailField label="Modality">{p.modality_code}</DetailField>
          <DetailField label="Acquisitions">
            <AcquisitionModels acquisitions={p.acquisitions} />
          </DetailField>
          <DetailField label="Blueprint">{p.blueprint_code ?? '—'}</DetailField>
          <DetailField label="Created">{`${formatDate(p.created_at)} · ${p.created_by_user_name ?? '—'}`}</DetailField>
          <DetailField label="Updated">{formatDate(p.updated_at)}</DetailField>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
