import { Anchor, Card, Select, Stack } from '@mantine/core';
import type { AiPromptDetail } from '@voxa/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldError } from '../../lib/formErrors';
import { idParam } from '../../lib/idParam';
import { DataState } from '../../ui/DataState';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { useModalities } from '../upload/useUploadApi';
import { AiPromptForm } from './AiPromptForm';
import { TYPE_LABELS } from './labels';
import { aiPromptPath } from './paths';
import { useAiPrompt, useAiPromptChanges } from './useAiPromptsApi';

/** A new prompt starts with the series as its user message; the system message is to be written. */
const EMPTY = { system: '', user: '{{series}}' };

/**
 * /ai-prompt/create and /ai-prompt/:id/edit (admin): a new prompt for a modality without one, or the
 * next version of a prompt, which becomes the active one.
 */
export function AiPromptFormPage() {
  const id = idParam(useParams().id);
  return id === null ? <CreatePrompt /> : <EditPrompt id={id} />;
}

function CreatePrompt() {
  const { create } = useAiPromptChanges();
  const modalities = useModalities();
  const navigate = useNavigate();
  const [modality, setModality] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  return (
    <Stack maw={880}>
      <PageHeader title="New AI prompt" />
      <Card withBorder>
        <AiPromptForm
          initial={EMPTY}
          submitLabel="Create prompt"
          pending={create.isPending}
          error={create.error}
          onSubmit={(texts) => {
            setAsked(true);
            if (!modality) return;
            create.mutate(
              { ...texts, modality, type: 'acquisition' },
              {
                onSuccess: (p) => {
                  notifySuccess(`The ${p.modality} prompt has been created`);
                  void navigate(aiPromptPath(p.id));
                },
              },
            );
          }}
        >
          <Select
            label="Modality"
            required
            data={(modalities.data ?? []).map((m) => ({ value: m.code, label: m.code }))}
            value={modality}
            onChange={setModality}
            error={asked && !modality ? 'Pick a modality.' : fieldError(create.error, 'modality')}
          />
          <Select
            label="Type"
            required
            data={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            value="acquisition"
            allowDeselect={false}
          />
        </AiPromptForm>
      </Card>
    </Stack>
  );
}

function EditPrompt({ id }: { id: number }) {
  const prompt = useAiPrompt(id);
  const { edit } = useAiPromptChanges();
  const navigate = useNavigate();
  if (!prompt.data) return <DataState error={prompt.error} />;
  const p = prompt.data;
  return (
    <Stack maw={880}>
      <PageHeader
        title={`Edit the ${p.modality} prompt`}
        actions={
          <Anchor component={Link} to={aiPromptPath(p.id)}>
            View prompt
          </Anchor>
        }
      />
      <Card withBorder>
        <AiPromptForm
          key={`${p.id}-${p.activeVersion}`}
          initial={activeTexts(p)}
          submitLabel="Save as new version"
          pending={edit.isPending}
          error={edit.error}
          onSubmit={(texts) =>
            edit.mutate(
              { id: p.id, texts },
              {
                onSuccess: (saved) => {
                  notifySuccess(`Version ${saved.activeVersion} has been saved and is active`);
                  void navigate(aiPromptPath(saved.id));
                },
              },
            )
          }
        />
      </Card>
    </Stack>
  );
}

/** The texts of the active version, which an edit starts from. */
function activeTexts(p: AiPromptDetail) {
  const active = p.versions.find((v) => v.version === p.activeVersion);
  return { system: active?.system ?? '', user: active?.user ?? '' };
}
