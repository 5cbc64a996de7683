import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  SetTeamUser,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@voxa/contracts';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

type EventName = keyof ServerToClientEvents;
type Payload<K extends EventName> = Parameters<ServerToClientEvents[K]>[0];

/** Pushes events to users; services call it explicitly after they change something. */
export interface Realtime {
  toUser<K extends EventName>(userId: number, event: K, payload: Payload<K>): void;
  /**
   * Emits to one socket, only when it is connected as `userId` (on any process, through the adapter).
   * Answers whether it was sent.
   */
  toSocket<K extends EventName>(
    socketId: string,
    userId: number,
    event: K,
    payload: Payload<K>,
  ): Promise<boolean>;
}

/** What a socket carries for other processes to see (fetchSockets): plain data only. */
interface SocketData {
  userId: number;
}

export interface SocketIdentity {
  userId: number;
  /** Team slugs the user belongs to, to check `set-team-user`. */
  teamSlugs(): Promise<string[]>;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const teamRoom = (slug: string) => `team:${slug}`;

/**
 * socket.io on the HTTP server: a socket authenticates with its token, joins its user's room, and
 * `set-team-user` moves it into the room of one of its teams. With Redis, events reach every process.
 */
export function attachRealtime(opts: {
  server: HttpServer;
  redisUrl?: string;
  /** Prefix of the adapter's Redis channels: deployments (or test servers) sharing a Redis keep apart by it. */
  redisPrefix: string;
  authenticate: (token: string) => Promise<SocketIdentity | null>;
}): Realtime & { disconnectAll(): void; close(): Promise<void> } {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(opts.server, {
    path: SOCKET_PATH,
    serveClient: false,
  });
  const redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${opts.redisPrefix}:socket.io` }));
  }
  const identities = new WeakMap<object, SocketIdentity>();
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    const identity = typeof token === 'string' ? await opts.authenticate(token).catch(() => null) : null;
    if (!identity) return next(new Error('Unauthenticated.'));
    identities.set(socket, identity);
    socket.data = { userId: identity.userId } satisfies SocketData;
    next();
  });
  io.on('connection', (socket) => {
    const identity = identities.get(socket);
    if (!identity) return void socket.disconnect(true);
    void socket.join(userRoom(identity.userId));
    socket.on('set-team-user', async (raw) => {
      const parsed = SetTeamUser.safeParse(raw);
      if (!parsed.success || parsed.data.user !== identity.userId) return;
      for (const room of socket.rooms) if (room.startsWith('team:')) void socket.leave(room);
      const slug = parsed.data.team;
      if (slug && (await identity.teamSlugs()).includes(slug)) void socket.join(teamRoom(slug));
    });
  });
  // A job or request that finishes during shutdown may still emit: after close its publish would reach a
  // Redis connection that is quitting and reject where nobody awaits it, so late events are dropped.
  let closed = false;
  return {
    toUser: (userId, event, payload) => {
      if (closed) return;
      // socket.io's typed emit cannot narrow a generic event name; the Payload type above keeps callers honest.
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    toSocket: async (socketId, userId, event, payload) => {
      if (closed) return false;
      const sockets = await io
        .in(socketId)
        .fetchSockets()
        .catch(() => []);
      const owned = sockets.some(
        (s) => s.id === socketId && (s.data as SocketData | undefined)?.userId === userId,
      );
      if (owned) (io.to(socketId).emit as (e: string, p: unknown) => boolean)(event, payload);
      return owned;
    },
    // An open WebSocket keeps the HTTP server from closing, and socket.io closes only after it. The
    // connections end without socket.io's disconnect packet, so clients reconnect as after a network loss.
    disconnectAll: () => void io.engine.close(),
    close: async () => {
      closed = true;
      await io.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
