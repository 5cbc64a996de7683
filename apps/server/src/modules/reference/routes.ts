import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { uploadPipelines } from '../pipelines/service';
import * as reference from './service';

export function referenceRoutes(app: FastifyInstance, { db }: Deps): void {
  route(app, api.reference.modalities, async () => reference.listModalities(db));
  route(app, api.reference.acquisitions, async () => reference.listAcquisitions(db));
  route(app, api.reference.pipelines, async ({ ctx }) => ({ data: await uploadPipelines(db, ctx.team.id) }));
  route(app, api.reference.categories, async () => reference.listCategories(db));
}
