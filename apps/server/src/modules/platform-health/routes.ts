import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import {
  aiWorkersHealth,
  appHealth,
  databaseHealth,
  dcm2niixHealth,
  queueHealth,
  storageHealth,
} from './checks';

/** /modules (decision 0061): every part checked at once; one failing part never fails the answer. */
export function platformModuleRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.platformModules.health, async () => ({
    checked_at: new Date().toISOString(),
    modules: await Promise.all([
      databaseHealth(deps),
      queueHealth(deps),
      dcm2niixHealth(deps.config.DCM2NIIX_BINARY, deps.config.DCM2NIIX_FORCE_NATIVE === 'on'),
      aiWorkersHealth(deps),
      storageHealth(deps.config.DATA_DIR),
      appHealth(deps.config.WEB_DIST),
    ]),
  }));
}
