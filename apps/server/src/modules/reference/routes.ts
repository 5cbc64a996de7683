import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as reference from './service';

export function referenceRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.reference.modalities, async () => reference.listModalities(db));
  route(app, api.reference.acquisitions, async () => reference.listAcquisitions(db));
  route(app, api.reference.pipelines, async () => ({ data: await reference.listPipelines(db) }));
  route(app, api.reference.categories, async () => reference.listCategories(db));
}
