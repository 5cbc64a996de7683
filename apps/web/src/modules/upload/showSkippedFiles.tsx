import { List } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { skippedNotice, type SkippedFile } from './transfer';

/** An orange notice, kept until closed, naming each file of the archives the server could not read. */
export function showSkippedFiles(skipped: readonly SkippedFile[]): void {
  const notice = skippedNotice(skipped);
  if (!notice) return;
  notifications.show({
    color: 'orange',
    title: notice.title,
    autoClose: false,
    message: (
      <List size="xs" data-testid="skipped-files">
        {notice.lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    ),
  });
}
