import { Anchor, Card, Stack } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { draftFromBlueprint, draftOf, emptyDraft } from './draft';
import { inputOf } from './draft';
import { pipelinePath } from './paths';
import { PipelineForm } from './PipelineForm';
import { useBlueprints, usePipelineChanges, useTeamPipeline } from './usePipelinesApi';

/**
 * /pipeline/create (?blueprint=CODE starts from that template) and /pipeline/:id/edit (r:pipeline): the
 * pipeline form; a saved pipeline goes to its page.
 */
export function PipelineFormPage() {
  const id = idParam(useParams().id);
  const blueprintCode = useSearchParams()[0].get('blueprint');
  const pipeline = useTeamPipeline(id);
  const blueprints = useBlueprints();
  const { create, update } = usePipelineChanges();
  const navigate = useNavigate();

  if (id === null) {
    if (blueprintCode && !blueprints.data) return <DataState error={blueprints.error} />;
    const blueprint = blueprints.data?.find((b) => b.code === blueprintCode);
    return (
      <Stack maw={980}>
        <PageHeader title={blueprint ? `New pipeline from ${blueprint.name}` : 'New pipeline'} />
        <Card withBorder>
          <PipelineForm
            initial={blueprint ? draftFromBlueprint(blueprint) : emptyDraft()}
            submitLabel="Create pipeline"
            pending={create.isPending}
            error={create.error}
            onSubmit={(draft) =>
              create.mutate(inputOf(draft), {
                onSuccess: (p) => {
                  notifySuccess(`Pipeline ${p.name} has been created`);
                  void navigate(pipelinePath(p.id));
                },
              })
            }
          />
        </Card>
      </Stack>
    );
  }
  if (!pipeline.data) return <DataState error={pipeline.error} />;
  const p = pipeline.data;
  return (
    <Stack maw={980}>
      <PageHeader
        title={`Edit ${p.name}`}
        actions={
          <Anchor component={Link} to={pipelinePath(p.id)}>
            View pipeline
          </Anchor>
        }
      />
      <Card withBorder>
        <PipelineForm
          key={p.id}
          initial={draftOf(p)}
          submitLabel="Save pipeline"
          pending={update.isPending}
          error={update.error}
          onSubmit={(draft) =>
            update.mutate(
              { id: p.id, body: inputOf(draft) },
              {
                onSuccess: (saved) => {
                  notifySuccess(`Pipeline ${saved.name} has been updated`);
                  void navigate(pipelinePath(saved.id));
                },
              },
            )
          }
        />
      </Card>
    </Stack>
  );
}
