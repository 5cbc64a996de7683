import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * /modules (docs/decisions/0061-studies-index-old-and-modules-pages.md): the platform's parts and their
 * health, for administrators (paths and versions of the installation are no team's business).
 */
export const ModuleHealth = z.object({
  /** Stable key: database, queue, dcm2niix, ai-workers, storage, app. */
  key: z.string(),
  name: z.string(),
  ok: z.boolean(),
  /** What is in use ('PostgreSQL', 'BullMQ on Redis', 'native v1.0.20240202'). */
  kind: z.string(),
  /** Further facts, label and value, in order. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ModuleHealth = z.infer<typeof ModuleHealth>;

export const platformModules = {
  health: endpoint({
    method: 'GET',
    path: '/modules',
    scope: 'admin',
    summary:
      'The platform’s parts and their health: database, job queue, dcm2niix build, AI workers online, storage, versions',
    response: z.object({ checked_at: z.string(), modules: z.array(ModuleHealth) }),
  }),
};
