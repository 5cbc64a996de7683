import { Button, Group, TextInput, Title } from '@mantine/core';
import type { PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';

export interface NameEditorProps {
  study: PageStudy;
  editable: boolean;
}

/** The patient name; Edit name opens an input where Enter saves and Esc cancels. */
export function NameEditor({ study, editable }: NameEditorProps) {
  const { dispatch } = useUpload();
  const studyId = study.id;
  if (study.edit) {
    return (
      <TextInput
        aria-label="Patient name"
        size="xs"
        autoFocus
        defaultValue={study.patientName}
        onKeyDown={(event) => {
          if (event.key === 'Enter')
            dispatch({ type: 'nameSaved', studyId, name: event.currentTarget.value });
          if (event.key === 'Escape') dispatch({ type: 'nameEditCancelled', studyId });
        }}
      />
    );
  }
  return (
    <Group gap={4}>
      <Title order={3} size="h5" data-testid="study-patient">
        {study.patientName || 'Unnamed patient'}
      </Title>
      {editable && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => dispatch({ type: 'nameEditStarted', studyId })}
        >
          Edit name
        </Button>
      )}
    </Group>
  );
}
