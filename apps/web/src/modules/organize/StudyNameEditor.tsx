import { Button, Group, TextInput, Title } from '@mantine/core';
import { STUDY_NAME_MAX } from '@voxa/contracts';
import { useState } from 'react';
import { notifyError } from '../../ui/notify';
import { useRenameStudy } from './useOrganizeApi';

export interface StudyNameEditorProps {
  uuid: string;
  studyId: number;
  name: string;
}

/** The study's shown name; Edit name opens a field where Enter saves and Esc cancels. */
export function StudyNameEditor({ uuid, studyId, name }: StudyNameEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameStudy(uuid, studyId);
  if (draft === null)
    return (
      <Group gap="sm">
        <Title order={1} size="h2" data-testid="organize-name">
          {name}
        </Title>
        <Button size="xs" variant="subtle" onClick={() => setDraft(name)}>
          Edit name
        </Button>
      </Group>
    );
  const save = () => {
    const next = draft.trim();
    if (!next || next === name) return setDraft(null);
    rename.mutate(next, { onSuccess: () => setDraft(null), onError: notifyError });
  };
  return (
    <TextInput
      aria-label="Study name"
      autoFocus
      w={360}
      maxLength={STUDY_NAME_MAX}
      value={draft}
      disabled={rename.isPending}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
