import { Badge, Button, Card, CloseButton, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { FileKind, V2UploadState } from '@voxa/imaging';
import { KindFilters } from './KindFilters';
import { UploadProgressLine } from './UploadProgressLine';
import type { PageStudy } from './state/model';

export interface ConfigurePanelProps {
  state: V2UploadState;
  loading: boolean;
  hasFiles: boolean;
  anonymize: boolean;
  onAnonymizeChange: (anonymize: boolean) => void;
  counts: Record<FileKind, number>;
  filter: FileKind | null;
  onFilterChange: (kind: FileKind | null) => void;
  studies: PageStudy[];
  selected: number;
  onNext: () => void;
  onProcess: () => void;
  onNewUpload: () => void;
  onClose: () => void;
}

/** Configure upload: the state, Anonymize all, the counters, and the button of each state (section 2). */
export function ConfigurePanel(props: ConfigurePanelProps) {
  const { state, loading, hasFiles, anonymize, counts, filter, selected } = props;
  const editable = state === 'ready' || state === 'preview';
  return (
    <Card withBorder component="aside" aria-labelledby="configure-upload-heading">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="configure-upload-heading">
            Configure upload
          </Title>
          {state === 'finished' && <CloseButton aria-label="Close upload" onClick={props.onClose} />}
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            State
          </Text>
          <Badge data-testid="upload-state">{state}</Badge>
        </Group>
        <Switch
          label="Anonymize all"
          checked={anonymize}
          disabled={!editable}
          onChange={(event) => props.onAnonymizeChange(event.currentTarget.checked)}
        />
        <KindFilters counts={counts} active={filter} onChange={props.onFilterChange} />
        {state === 'ready' && (
          <Button onClick={props.onNext} disabled={loading || !hasFiles}>
            Next
          </Button>
        )}
        {state === 'preview' && (
          <Button onClick={props.onProcess} disabled={selected === 0}>
            Process ({selected} selected)
          </Button>
        )}
        {(state === 'upload' || state === 'converting') && <UploadProgressLine studies={props.studies} />}
        {state === 'finished' && <Button onClick={props.onNewUpload}>Create new upload</Button>}
      </Stack>
    </Card>
  );
}
