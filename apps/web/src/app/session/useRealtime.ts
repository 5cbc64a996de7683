import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@voxa/contracts';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { currentTeamSlug } from '../../lib/host';
import { PERMISSIONS_KEY } from './usePermissions';

/** Joins the socket.io rooms of this user and team; `permission:updated` refetches permissions. */
export function useRealtime(token: string | null, userId: number | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token || !userId) return;
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
    let cancelled = false;
    import('socket.io-client')
      .then(({ io }) => {
        if (cancelled) return;
        socket = io({ path: SOCKET_PATH, auth: { token }, transports: ['websocket', 'polling'] });
        socket.on('connect', () => socket?.emit('set-team-user', { team: currentTeamSlug(), user: userId }));
        socket.on('permission:updated', () => void client.invalidateQueries({ queryKey: PERMISSIONS_KEY }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [token, userId, client]);
}
