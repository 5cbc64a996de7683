import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation';
import * as uploadSessions from './0003-upload-sessions';

/** Every migration in order; a new one is a new file added here. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0003-upload-sessions': uploadSessions,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
