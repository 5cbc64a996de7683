import {
  isSafeRedirect,
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationList,
} from '@voxa/contracts';

/** What the dropdown shows of one page: newest first, with the count of all and of the unseen. */
export type NotificationPage = NotificationList['notifications'];

/** 'Load more' shows only while the count reaches the page size (spec 4, 9). */
export const canLoadMore = (count: number, pageSize: number): boolean => count >= pageSize;

/** Each 'Load more' grows the page by one page size. */
export const nextPageSize = (pageSize: number): number => pageSize + NOTIFICATION_PAGE_SIZE;

/**
 * A pushed notification goes on top with the seen mark it came with. One already listed (a refetch got it
 * first) is replaced rather than shown twice.
 */
export function withCreated(page: NotificationPage, n: Notification): NotificationPage {
  const replaced = withUpdated(page, n);
  if (replaced) return replaced;
  return {
    data: [n, ...page.data],
    count: page.count + 1,
    unseen: page.unseen + (n.is_seen ? 0 : 1),
  };
}

/** A changed notification in place; null when the page does not hold it (its unseen count is unknown). */
export function withUpdated(page: NotificationPage, n: Notification): NotificationPage | null {
  const old = page.data.find((d) => d.id === n.id);
  if (!old) return null;
  return {
    data: page.data.map((d) => (d.id === n.id ? n : d)),
    count: page.count,
    unseen: Math.max(0, page.unseen + old.is_seen - n.is_seen),
  };
}

export function withAllMarked(page: NotificationPage, isSeen: 0 | 1): NotificationPage {
  return {
    data: page.data.map((d) => ({ ...d, is_seen: isSeen })),
    count: page.count,
    unseen: isSeen ? 0 : page.count,
  };
}

/**
 * Where a click goes: a path on this site only. A url with a scheme or a host (`https://evil.example`,
 * `//evil.example`, `javascript:`) goes nowhere.
 */
export const notificationPath = (url: string | null): string | null => (isSafeRedirect(url) ? url : null);
