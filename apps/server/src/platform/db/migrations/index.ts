import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation';
import * as uploadReferenceLabelsStudies from './0002-upload-reference-labels-studies';

/** Every migration in order; a new one is a new file added here. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-upload-reference-labels-studies': uploadReferenceLabelsStudies,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
