import { z } from 'zod';
import type { InflatedAllEvent, InflationOneEvent } from './archives';
import type { CommanderProgress } from './commander';
import type { Notification, NotificationsAllUpdated } from './notifications';
import type { SeriesConversionEvent } from './conversion';
import type { DatasetExportProgress } from './dataset-exports';
import type { RecognitionResponse } from './recognition';

/** Server -> client events: ids and small payloads; the client refetches what it shows. */
export interface ServerToClientEvents {
  'permission:updated': (payload: { permission_version: number }) => void;
  /** To every socket of the notification's user; the client keeps those of its team. */
  'notification:created': (payload: Notification) => void;
  'notification:updated': (payload: Notification) => void;
  'notification:updated:all': (payload: NotificationsAllUpdated) => void;
  /** To the socket named by `wsid` in POST /llm/prompts. */
  'upload:study:aiprompt:response': (payload: RecognitionResponse) => void;
  'upload:conversion:oneserie:done': (payload: SeriesConversionEvent) => void;
  'upload:conversion:oneserie:error': (payload: SeriesConversionEvent) => void;
  /** A session opened by POST /c-upload; `team` is the team's slug, `session` the session id. */
  'upload:session:add': (payload: { team: string; user: number; session: string }) => void;
  /** One archive of a session inflated (or refused), to the session's owner. */
  'upload:server:inflation:one': (payload: InflationOneEvent) => void;
  /** A session's archives are all inflated and read: GET /c-upload/uploaded-metadata/server has them. */
  'upload:server:inflated:all': (payload: InflatedAllEvent) => void;
  /** A dataset export advanced (a case written) or ended, to its author (/admin/masterarbeit). */
  'dataset-export:progress': (payload: DatasetExportProgress) => void;
  /** A long commander operation's bytes so far, to its caller (at most every 200 ms, and at its end). */
  'commander:progress': (payload: CommanderProgress) => void;
}

export const SetTeamUser = z.object({
  team: z.string().max(64).nullable(),
  user: z.number().int().positive(),
});
export type SetTeamUser = z.infer<typeof SetTeamUser>;

/** Client -> server events. */
export interface ClientToServerEvents {
  'set-team-user': (payload: SetTeamUser) => void;
}

export const SOCKET_PATH = '/socket.io';
