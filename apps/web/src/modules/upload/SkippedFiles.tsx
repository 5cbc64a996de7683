import { Alert, List } from '@mantine/core';
import { skippedNotice, type SkippedFile } from './transfer';

export interface SkippedFilesProps {
  skipped: readonly SkippedFile[];
}

/**
 * The files of the archives the server could not read, each with its reason: shown on the page beside
 * the upload (a toast kept until closed covered the page's own controls).
 */
export function SkippedFiles({ skipped }: SkippedFilesProps) {
  const notice = skippedNotice(skipped);
  if (!notice) return null;
  return (
    <Alert color="orange" title={notice.title} data-testid="skipped-files">
      <List size="xs">
        {notice.lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
