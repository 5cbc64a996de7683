import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@voxa/contracts';
import { createContext, useContext, useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { currentTeamSlug } from '../../lib/host';
import { PERMISSIONS_KEY } from './usePermissions';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The signed-in user's socket, once connected; null before (and signed out). */
export const RealtimeContext = createContext<AppSocket | null>(null);

export const useSocket = (): AppSocket | null => useContext(RealtimeContext);

/**
 * Joins the socket.io rooms of this user and team; `permission:updated` refetches permissions. Answers
 * the socket for features that listen to their own events (upload conversion, acquisition recognition).
 */
export function useRealtime(token: string | null, userId: number | undefined): AppSocket | null {
  const client = useQueryClient();
  const [connected, setConnected] = useState<AppSocket | null>(null);
  useEffect(() => {
    if (!token || !userId) return;
    let socket: AppSocket | null = null;
    let cancelled = false;
    import('socket.io-client')
      .then(({ io }) => {
        if (cancelled) return;
        // WebSocket only: behind several processes, long-polling would need sticky sessions (README).
        const s: AppSocket = io({ path: SOCKET_PATH, auth: { token }, transports: ['websocket'] });
        socket = s;
        s.on('connect', () => {
          s.emit('set-team-user', { team: currentTeamSlug(), user: userId });
          setConnected(s);
        });
        s.on('permission:updated', () => void client.invalidateQueries({ queryKey: PERMISSIONS_KEY }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      socket?.disconnect();
      setConnected(null);
    };
  }, [token, userId, client]);
  return connected;
}
