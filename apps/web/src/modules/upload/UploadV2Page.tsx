import { Grid, Progress, Stack, Text } from '@mantine/core';
import type { FileKind } from '@voxa/imaging';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { ConfigurePanel, type UploadState } from './ConfigurePanel';
import { DropZone } from './DropZone';
import { FileList } from './FileList';
import { filterByKind } from './fileKinds';
import { StudyList } from './StudyList';
import { useIngest } from './useIngest';

/**
 * /upload-v2, ingest only (issue 3, item 2): drop or browse files and folders, counters per kind, reading
 * progress, studies and series. Series previews (item 3) sit under each study's table. Later work, not here yet: study and series editing,
 * selection and the states after preview (item 4), acquisition recognition (item 5), the leave guard and
 * mini panel (item 6), and the server upload (next issue). 'Anonymize all' is kept in state until then.
 */
export function UploadV2Page() {
  const { snapshot, add, fileOf } = useIngest();
  const [state, setState] = useState<UploadState>('ready');
  const [anonymize, setAnonymize] = useState(true);
  const [filter, setFilter] = useState<FileKind | null>(null);
  const shownFiles = useMemo(() => filterByKind(snapshot.files, filter), [snapshot.files, filter]);
  const { done, total } = snapshot.progress;

  return (
    <Stack gap="lg">
      <PageHeader title="Upload" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ConfigurePanel
            state={state}
            loading={snapshot.loading}
            hasFiles={snapshot.files.length > 0}
            anonymize={anonymize}
            onAnonymizeChange={setAnonymize}
            counts={snapshot.counts}
            filter={filter}
            onFilterChange={setFilter}
            onNext={() => setState('preview')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <DropZone onFiles={add} />
            {snapshot.loading && (
              <div role="status" aria-label="Reading files">
                <Text size="sm" data-testid="ingest-progress">
                  Reading files: {done} / {total}
                </Text>
                <Progress value={total ? (100 * done) / total : 0} aria-hidden />
              </div>
            )}
            <StudyList studies={snapshot.studies} fileOf={fileOf} />
            {snapshot.files.length > 0 && <FileList files={shownFiles} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
