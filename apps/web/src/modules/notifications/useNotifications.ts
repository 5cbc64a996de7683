import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { NOTIFICATION_PAGE_SIZE, type Notification } from '@voxa/contracts';
import { useCallback, useState } from 'react';
import { rememberPermissions } from '../../app/session/usePermissions';
import { useToken } from '../../app/session/useToken';
import { call } from '../../lib/api';
import { currentTeamSlug } from '../../lib/host';
import { readPermissionCache } from '../../lib/storage';
import { nextPageSize, withAllMarked, withUpdated, type NotificationPage } from './notifications';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * Applies a change to every cached page (the current page size and the ones kept while a bigger one
 * loads). A page the change cannot be applied to exactly is refetched.
 */
export function updatePages(
  client: QueryClient,
  change: (page: NotificationPage) => NotificationPage | null,
): void {
  let missed = false;
  for (const [key, page] of client.getQueriesData<NotificationPage>({ queryKey: NOTIFICATIONS_KEY })) {
    if (!page) continue;
    const next = change(page);
    if (next) client.setQueryData(key, next);
    else missed = true;
  }
  if (missed) void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/**
 * GET /notification with the browser's permission-version; a newer version brought back with the
 * permission list is stored as the permissions themselves (spec 6).
 */
function listQuery(client: QueryClient, token: string | null, pageSize: number) {
  return {
    queryKey: [...NOTIFICATIONS_KEY, token, currentTeamSlug(), pageSize],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<NotificationPage> => {
      const answer = await call(api.notifications.list, {
        query: { per_page: pageSize, permission_version: readPermissionCache()?.version },
        signal,
      });
      if (answer.user_permission) {
        rememberPermissions(client, {
          version: answer.permissionVersion,
          permissions: answer.user_permission,
        });
      }
      return answer.notifications;
    },
  };
}

/**
 * The user's notifications in this team for the header dropdown: the page (10, growing by 10 per 'Load
 * more'), and the marks it sends. Pushed changes arrive through useNotificationEvents.
 */
export function useNotifications() {
  const client = useQueryClient();
  const token = useToken();
  const [pageSize, setPageSize] = useState(NOTIFICATION_PAGE_SIZE);
  const query = useQuery({
    ...listQuery(client, token, pageSize),
    enabled: Boolean(token && currentTeamSlug()),
    placeholderData: keepPreviousData,
  });

  /** Marks these seen, one PUT each; every tab hears notification:updated. Answers when all are done. */
  const markSeen = useCallback(
    (items: readonly Notification[]) =>
      Promise.all(
        items
          .filter((n) => !n.is_seen)
          .map(async (n) => {
            const seen = await call(api.notifications.update, { params: { id: n.id }, body: { is_seen: 1 } });
            updatePages(client, (page) => withUpdated(page, seen) ?? page);
          }),
      ),
    [client],
  );

  const markAllRead = useCallback(async () => {
    await call(api.notifications.updateAll, { body: { is_seen: 1 } });
    updatePages(client, (page) => withAllMarked(page, 1));
  }, [client]);

  /** Fetches the next page size, then shows it; answers what it shows, for the caller to mark seen. */
  const loadMore = useCallback(async (): Promise<NotificationPage> => {
    const size = nextPageSize(pageSize);
    const page = await client.fetchQuery(listQuery(client, token, size));
    setPageSize(size);
    return page;
  }, [client, token, pageSize]);

  return { page: query.data, pageSize, markSeen, markAllRead, loadMore };
}
