import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { createExport, datasetCandidates, datasetStructures, downloadExport, listExports } from './service';

const d = api.datasetExports;

/** /admin/masterarbeit: research dataset exports (decision 0063), administrators only. */
export function datasetExportRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, d.structures, async ({ params }) => datasetStructures(db, params.teamId));
  route(app, d.candidates, async ({ params, query }) =>
    datasetCandidates(db, params.teamId, query.structure_id),
  );
  route(app, d.list, async () => listExports(db));
  route(app, d.create, async ({ ctx, body }) => createExport(deps, ctx, body));
  route(app, d.download, async ({ ctx, params, reply }) => {
    const { file, name, size } = await downloadExport(deps, ctx, params.exportId);
    void reply.header('content-disposition', `attachment; filename="${name}"`).header('content-length', size);
    return file;
  });
}
