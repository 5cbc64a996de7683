import { Anchor, Card, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { DataState } from '../../ui/DataState';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { AiModelForm } from './AiModelForm';
import { draftOf, emptyDraft, inputOf } from './draft';
import { ModelFileUpload } from './ModelFileUpload';
import { aiModelPath, editAiModelPath, idFrom } from './paths';
import { useAiModel, useAiModelChanges } from './useAiModelsApi';

/**
 * /ai2-model/create and /ai2-model/:id?/edit (r:ai-models): the model form; editing also uploads the
 * ONNX file. Without an id, the edit address is the create form. A new ONNX model goes on to its edit
 * page, where its file is uploaded.
 */
export function AiModelFormPage() {
  const id = idFrom(useParams().id);
  const model = useAiModel(id);
  const { create, update } = useAiModelChanges();
  const navigate = useNavigate();

  if (id === null)
    return (
      <Stack maw={880}>
        <PageHeader title="New AI model" />
        <Card withBorder>
          <AiModelForm
            initial={emptyDraft()}
            submitLabel="Create model"
            pending={create.isPending}
            error={create.error}
            onSubmit={(draft) =>
              create.mutate(inputOf(draft), {
                onSuccess: (m) => {
                  notifySuccess(`Model ${m.name} has been created`);
                  void navigate(m.runtime === 'onnx' ? editAiModelPath(m.id) : aiModelPath(m.id));
                },
              })
            }
          />
        </Card>
      </Stack>
    );
  if (!model.data) return <DataState error={model.error} />;
  const m = model.data;
  if (!m.can_edit) return <DataState error={new Error('This model is read-only for your team.')} />;
  return (
    <Stack maw={880}>
      <PageHeader
        title={`Edit ${m.name}`}
        actions={
          <Anchor component={Link} to={aiModelPath(m.id)}>
            View model
          </Anchor>
        }
      />
      {m.runtime === 'onnx' && <ModelFileUpload model={m} />}
      <Card withBorder>
        <AiModelForm
          key={m.id}
          initial={draftOf(m)}
          submitLabel="Save model"
          pending={update.isPending}
          error={update.error}
          onSubmit={(draft) =>
            update.mutate(
              { id: m.id, body: inputOf(draft) },
              { onSuccess: (saved) => notifySuccess(`Model ${saved.name} has been updated`) },
            )
          }
        />
      </Card>
    </Stack>
  );
}
