import { useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsAllUpdated } from '@voxa/contracts';
import { useEffect } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import { withAllMarked, withCreated, withUpdated } from './notifications';
import { NOTIFICATIONS_KEY, updatePages } from './useNotifications';

/**
 * Keeps the cached pages current from the socket: created goes on top with its own seen mark, updated
 * replaces, updated:all sets every mark. Events of the user's other teams are ignored. After a reconnect
 * the list is refetched, so nothing pushed (or marked) while away is missed.
 */
export function useNotificationEvents(teamId: number | undefined): void {
  const client = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket || teamId === undefined) return;
    const ours = (p: { team_id: number }) => p.team_id === teamId;
    const onCreated = (n: Notification) => ours(n) && updatePages(client, (page) => withCreated(page, n));
    const onUpdated = (n: Notification) => ours(n) && updatePages(client, (page) => withUpdated(page, n));
    const onAll = (c: NotificationsAllUpdated) =>
      ours(c) && updatePages(client, (page) => withAllMarked(page, c.is_seen));
    // The socket reaches this hook connected: a later 'connect' is a reconnect.
    const onReconnect = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    socket.on('notification:created', onCreated);
    socket.on('notification:updated', onUpdated);
    socket.on('notification:updated:all', onAll);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('notification:created', onCreated);
      socket.off('notification:updated', onUpdated);
      socket.off('notification:updated:all', onAll);
      socket.off('connect', onReconnect);
    };
  }, [socket, teamId, client]);
}
