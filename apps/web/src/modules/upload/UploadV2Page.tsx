import { Box, Grid, Progress, Stack, Text } from '@mantine/core';
import type { FileKind } from '@voxa/imaging';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { ArchiveProgress } from './ArchiveProgress';
import { ConfigurePanel } from './ConfigurePanel';
import { DropZone } from './DropZone';
import { FileList } from './FileList';
import { filterByKind } from './fileKinds';
import { UPLOAD_CONTENT_MAX_HEIGHT } from './paths';
import { MarkedSeriesContext } from './series/markedSeries';
import { StudyList } from './StudyList';
import { warnsOnLeave } from './state/leave';
import { selectedCount } from './state/model';
import { SkippedFiles } from './SkippedFiles';
import { useUpload } from './uploadContext';
import { useLeaveRouteConfirm } from './useLeaveWarning';
import { useProcessUpload } from './useProcessUpload';

/**
 * /upload-v2: files are dropped and read in ready, studies and series are edited in preview, and Process
 * hands the plan to the transfer. The upload itself lives in UploadProvider, above the route.
 */
export function UploadV2Page() {
  const { snapshot, add, page, dispatch, clear, archives } = useUpload();
  const [filter, setFilter] = useState<FileKind | null>(null);
  const shownFiles = useMemo(() => filterByKind(snapshot.files, filter), [snapshot.files, filter]);
  const { process, marked } = useProcessUpload();
  useLeaveRouteConfirm(warnsOnLeave(page.state));
  const { done, total } = snapshot.progress;

  return (
    <Stack gap="lg">
      <PageHeader title="Upload" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ConfigurePanel
            state={page.state}
            loading={snapshot.loading}
            hasFiles={snapshot.files.length > 0}
            anonymize={page.anonymizeAll}
            onAnonymizeChange={(anonymize) => dispatch({ type: 'anonymizeAllChanged', anonymize })}
            counts={snapshot.counts}
            filter={filter}
            onFilterChange={setFilter}
            studies={page.studies}
            selected={selectedCount(page.studies)}
            onNext={() => dispatch({ type: 'next', archives: snapshot.counts.compressed > 0 })}
            onProcess={process}
            onNewUpload={() => window.location.reload()}
            onClose={clear}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Box mah={UPLOAD_CONTENT_MAX_HEIGHT} style={{ overflowY: 'auto' }} data-testid="upload-content">
            <Stack gap="md">
              {page.state === 'ready' && <DropZone onFiles={add} />}
              {snapshot.loading && (
                <div role="status" aria-label="Reading files">
                  <Text size="sm" data-testid="ingest-progress">
                    Reading files: {done} / {total}
                  </Text>
                  <Progress value={total ? (100 * done) / total : 0} aria-hidden />
                </div>
              )}
              <ArchiveProgress state={page.state} status={archives} />
              {page.state !== 'ready' && <SkippedFiles skipped={archives.skipped} />}
              <MarkedSeriesContext.Provider value={marked}>
                <StudyList state={page} />
              </MarkedSeriesContext.Provider>
              {snapshot.files.length > 0 && <FileList files={shownFiles} />}
            </Stack>
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
