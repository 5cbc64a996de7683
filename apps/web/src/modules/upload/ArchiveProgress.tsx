import { Progress, Text } from '@mantine/core';
import type { V2UploadState } from '@voxa/imaging';
import type { ArchiveStatus } from './useArchiveStage';

/** The archive states on the page: the archives' upload, then their reading on the server. */
export function ArchiveProgress({ state, status }: { state: V2UploadState; status: ArchiveStatus }) {
  if (state === 'zip_uploading')
    return (
      <div role="status" aria-label="Uploading archives">
        <Text size="sm">Uploading archives: {Math.floor(status.uploaded)}%</Text>
        <Progress value={status.uploaded} aria-hidden />
      </div>
    );
  if (state === 'zip_preview_processing')
    return (
      <div role="status" aria-label="Reading archives">
        <Text size="sm">
          Reading archives on the server: {status.read} / {status.total}
        </Text>
        <Progress value={status.total ? (100 * status.read) / status.total : 0} animated aria-hidden />
      </div>
    );
  return null;
}
