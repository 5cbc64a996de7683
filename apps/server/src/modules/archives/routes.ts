import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { seriesNifti } from './nifti-file';
import { renderPreview } from './preview';
import { requestSort, sortedSeries, uploadedMetadata } from './service';

export function archiveRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.archives.sortImages, async ({ ctx, body }) => requestSort(deps, ctx, body.session));
  route(app, api.archives.uploadedMetadata, async ({ ctx, query }) =>
    uploadedMetadata(deps, ctx, query.session),
  );
  route(app, api.archives.preview, async ({ ctx, params, query, reply }) => {
    const { session, series } = await sortedSeries(deps, ctx, params.session, params.uploadId);
    const preview = await renderPreview(
      deps,
      { teamId: session.team_id, session: session.uuid },
      series,
      query.slice,
    );
    reply.header('X-Slices', String(preview.slices));
    return preview.png;
  });
  route(app, api.archives.createNifti, async ({ ctx, params }) =>
    seriesNifti(deps, await sortedSeries(deps, ctx, params.session, params.uploadId), params.studyKey),
  );
}
