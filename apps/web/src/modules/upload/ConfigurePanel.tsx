import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { FileKind } from '@voxa/imaging';
import { KindFilters } from './KindFilters';

export type UploadState = 'ready' | 'preview';

export interface ConfigurePanelProps {
  state: UploadState;
  loading: boolean;
  hasFiles: boolean;
  anonymize: boolean;
  onAnonymizeChange: (anonymize: boolean) => void;
  counts: Record<FileKind, number>;
  filter: FileKind | null;
  onFilterChange: (kind: FileKind | null) => void;
  onNext: () => void;
}

export function ConfigurePanel(props: ConfigurePanelProps) {
  const { state, loading, hasFiles, anonymize, counts, filter } = props;
  return (
    <Card withBorder component="aside" aria-labelledby="configure-upload-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="configure-upload-heading">
          Configure upload
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            State
          </Text>
          <Badge data-testid="upload-state">{state}</Badge>
        </Group>
        <Switch
          label="Anonymize all"
          checked={anonymize}
          onChange={(event) => props.onAnonymizeChange(event.currentTarget.checked)}
        />
        <KindFilters counts={counts} active={filter} onChange={props.onFilterChange} />
        {state === 'ready' && (
          <Button onClick={props.onNext} disabled={loading || !hasFiles}>
            Next
          </Button>
        )}
      </Stack>
    </Card>
  );
}
