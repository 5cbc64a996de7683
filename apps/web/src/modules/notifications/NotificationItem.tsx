import { Box, Menu, Stack, Text } from '@mantine/core';
import { notificationText, type Notification } from '@voxa/contracts';
import { Link } from 'react-router';
import { formatDate, formatRelative } from '../../lib/format';
import { notificationPath } from './notifications';

export interface NotificationItemProps {
  notification: Notification;
  /** Unseen, or unseen when the dropdown opened: drawn bold with a dot. */
  highlighted: boolean;
  onClick: () => void;
}

/**
 * One notification: its text, its description under it, how long ago (the exact date in the title). A
 * link when its url is a path of this site; any other url opens nothing.
 */
export function NotificationItem({ notification: n, highlighted, onClick }: NotificationItemProps) {
  const path = notificationPath(n.url);
  const dot = <Box w={8} h={8} bg={highlighted ? 'blue' : 'transparent'} style={{ borderRadius: '50%' }} />;
  const body = (
    <Stack gap={2}>
      <Text size="sm" fw={highlighted ? 600 : 400}>
        {notificationText(n)}
      </Text>
      {n.description && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {n.description}
        </Text>
      )}
      <Text size="xs" c="dimmed" component="time" dateTime={n.created_at} title={formatDate(n.created_at)}>
        {formatRelative(n.created_at)}
      </Text>
    </Stack>
  );
  const common = {
    leftSection: dot,
    onClick,
    'data-testid': 'notification-item',
    'data-unseen': n.is_seen ? undefined : true,
  };
  return path ? (
    <Menu.Item component={Link} to={path} {...common}>
      {body}
    </Menu.Item>
  ) : (
    <Menu.Item {...common}>{body}</Menu.Item>
  );
}
