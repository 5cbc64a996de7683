import { Badge, Button, Checkbox, Group, Text } from '@mantine/core';
import { studyCheckbox, type PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { NameEditor } from './NameEditor';

export interface StudyHeaderProps {
  study: PageStudy;
  editable: boolean;
  anonymizeAll: boolean;
}

/** Tri-state selection, the name with its manual-change marker, and 'Anonymize anyway'. */
export function StudyHeader({ study, editable, anonymizeAll }: StudyHeaderProps) {
  const { dispatch } = useUpload();
  const selection = studyCheckbox(study);
  const studyId = study.id;
  return (
    <Group gap="md" wrap="wrap">
      <Checkbox
        aria-label="Select study"
        checked={selection === true}
        indeterminate={selection === 'indeterminate'}
        disabled={!editable || study.acquisitionRecognizing}
        onChange={() => dispatch({ type: 'studySelectionToggled', studyId })}
      />
      <NameEditor study={study} editable={editable} />
      {study.dirty && (
        <Group gap={4}>
          <Badge color="orange" variant="light" data-testid="name-changed">
            Changed manually
          </Badge>
          {editable && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => dispatch({ type: 'nameRestored', studyId })}
            >
              Restore
            </Button>
          )}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {study.modality} · {study.studyDate ?? 'no date'} · {study.series.length} series
      </Text>
      {anonymizeAll && (
        <Checkbox
          label="Anonymize anyway"
          checked={study.anonymize}
          disabled={!editable}
          onChange={(event) =>
            dispatch({ type: 'studyAnonymizeChanged', studyId, anonymize: event.currentTarget.checked })
          }
        />
      )}
    </Group>
  );
}
