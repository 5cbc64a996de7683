import { ActionIcon, Button, Group, Indicator, Menu, Text } from '@mantine/core';
import { NOTIFICATION_LIST_SIZE, type Notification } from '@voxa/contracts';
import { useState } from 'react';
import { notifyError } from '../../ui/notify';
import { BellIcon } from './BellIcon';
import { NotificationItem } from './NotificationItem';
import { canLoadMore } from './notifications';
import { useNotificationEvents } from './useNotificationEvents';
import { useNotifications } from './useNotifications';

const NOTIFICATIONS_TITLE = 'Notifications';

export interface NotificationsMenuProps {
  teamId: number;
}

/**
 * The header's bell (spec 2.3, 4): a dot while any notification is unseen. Opening it marks the shown
 * ones seen (they stay highlighted until it closes); 'Mark all as read', 'Load more' while the count
 * reaches the page size, 'No notifications' when there are none. Escape closes, arrows move between items.
 */
export function NotificationsMenu({ teamId }: NotificationsMenuProps) {
  useNotificationEvents(teamId);
  const { page, pageSize, markSeen, markAllRead, loadMore } = useNotifications();
  const [opened, setOpened] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  const unseen = page?.unseen ?? 0;
  const items = page?.data ?? [];

  /** Marks the shown unseen ones seen; pushed ones that arrive meanwhile keep their mark (spec 4). */
  const markShown = (shown: readonly Notification[]) => {
    const ids = shown.filter((n) => !n.is_seen).map((n) => n.id);
    if (ids.length === 0) return;
    setFresh((prev) => new Set([...prev, ...ids]));
    markSeen(shown).catch(notifyError);
  };
  const onChange = (next: boolean) => {
    setOpened(next);
    setFresh(new Set());
    if (next) markShown(items);
  };
  const onLoadMore = () => {
    setLoadingMore(true);
    loadMore()
      .then((more) => markShown(more.data))
      .catch(notifyError)
      .finally(() => setLoadingMore(false));
  };

  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" width={NOTIFICATION_LIST_SIZE.width}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={unseen > 0 ? `${NOTIFICATIONS_TITLE}, ${unseen} unseen` : NOTIFICATIONS_TITLE}
        >
          <Indicator disabled={unseen === 0} size={8} offset={2} color="red">
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown
        data-testid="notifications-menu"
        mah={NOTIFICATION_LIST_SIZE.height}
        maw="calc(100vw - 16px)"
        style={{ overflowY: 'auto' }}
      >
        <Group justify="space-between" wrap="nowrap" pr="xs">
          <Menu.Label>{NOTIFICATIONS_TITLE}</Menu.Label>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={unseen === 0}
            onClick={() => void markAllRead().catch(notifyError)}
          >
            Mark all as read
          </Button>
        </Group>
        {page && items.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={4}>
            No notifications
          </Text>
        )}
        {items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            highlighted={!n.is_seen || fresh.has(n.id)}
            onClick={() => void markSeen([n]).catch(notifyError)}
          />
        ))}
        {page && canLoadMore(page.count, pageSize) && (
          <Button variant="subtle" size="xs" fullWidth loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
