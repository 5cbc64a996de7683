import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import * as assignments from './assignments';
import { acceptSegmentation } from './accept';
import { segmentationDetail } from './detail';
import { listSegmentations } from './list';
import { importMask } from './mask-import';
import { saveMask } from './mask-save';
import { exportSeg } from './seg-export';
import { importSeg } from './seg-import';
import * as masks from './masks';
import { assignableRoles } from './present';
import * as segmentations from './service';

/** Segmentations, their segments and role boxes (teams-and-account.md 7.5; docs/decisions/0030). */
export function segmentationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, api.segmentations.assignableRoles, async ({ ctx }) => assignableRoles(db, ctx.team.id));
  route(app, api.segmentations.assignedToSeries, async ({ ctx, params }) =>
    assignments.assignedToSeries(db, ctx.team.id, params.uuid),
  );
  route(app, api.segmentations.availableUsers, async ({ ctx, params }) =>
    assignments.availableUsers(db, ctx, params),
  );
  route(app, api.segmentations.addUser, async ({ ctx, body }) => assignments.addUser(db, ctx, body));
  route(app, api.segmentations.removeUser, async ({ ctx, params }) =>
    assignments.removeUser(db, ctx, params),
  );
  route(app, api.segmentations.list, async ({ ctx, query }) => listSegmentations(db, ctx, query));
  route(app, api.segmentations.detail, async ({ ctx, params }) =>
    segmentationDetail(db, ctx, params.segmentationId),
  );
  route(app, api.segmentations.create, async ({ ctx, params, body }) =>
    segmentations.createSegmentation(db, ctx, params.uuid, body),
  );
  route(app, api.segmentations.remove, async ({ ctx, params }) =>
    segmentations.removeSegmentation(deps, ctx, params.uuid, params.segmentationId),
  );
  route(app, api.segmentations.accept, async ({ ctx, params, body }) =>
    acceptSegmentation(deps, ctx, params.uuid, params.segmentationId, body),
  );
  route(app, api.segmentations.createSegment, async ({ ctx, params, body }) =>
    segmentations.createSegment(db, ctx, params.uuid, params.segmentationId, body),
  );
  route(app, api.segmentations.deleteSegment, async ({ ctx, params }) =>
    segmentations.deleteSegment(db, ctx, segmentAt(params)),
  );
  route(app, api.segmentations.renameSegment, async ({ ctx, params, body }) =>
    segmentations.renameSegment(db, ctx, segmentAt(params), body.name),
  );
  route(app, api.segmentations.recolorSegment, async ({ ctx, params, body }) =>
    segmentations.recolorSegment(db, ctx, segmentAt(params), body.color),
  );
}

const segmentAt = (p: { uuid: string; segmentationId: number; segmentId: number }) => ({
  seriesUuid: p.uuid,
  segmentationId: p.segmentationId,
  segmentId: p.segmentId,
});

/** Label masks, on the services host (/svc). */
export function maskRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.masks.create, async ({ ctx, params }) =>
    masks.createMask(deps, ctx, params.uuid, params.segmentationId),
  );
  route(svc, api.masks.removeSegment, async ({ ctx, params }) =>
    masks.removeSegmentVoxels(deps, ctx, params),
  );
  route(svc, api.masks.restore, async ({ ctx, params }) => masks.restoreRevision(deps, ctx, params));
  route(svc, api.masks.revisions, async ({ ctx, params }) =>
    masks.maskRevisions(deps, ctx, params.uuid, params.segmentationId),
  );
  route(svc, api.masks.download, async ({ ctx, params, query, reply }) => {
    const file = await masks.maskFile(deps, ctx, { ...params, revision: query.revision });
    reply
      .header('content-disposition', `attachment; filename="mask-${file.revision}.nii.gz"`)
      // The annotator saves over the revision it loaded (`base`).
      .header('x-mask-revision', String(file.revision));
    return file.stream;
  });
  route(
    svc,
    api.masks.import,
    async ({ ctx, params, query, body }) => importMask(deps, ctx, params.uuid, query, body),
    // The label map's bytes (gzipped or not) up to the configured limit; JSON bodies keep BODY_LIMIT.
    { bodyLimit: deps.config.MASK_IMPORT_MAX_BYTES },
  );
  route(svc, api.masks.exportSeg, async ({ ctx, params, query, reply }) => {
    const seg = await exportSeg(deps, ctx, { ...params, revision: query.revision });
    reply
      .header(
        'content-disposition',
        `attachment; filename="segmentation-${params.segmentationId}-${seg.revision}.dcm"`,
      )
      .header('x-mask-revision', String(seg.revision));
    return seg.bytes;
  });
  route(
    svc,
    api.masks.importSeg,
    async ({ ctx, params, query, body }) => importSeg(deps, ctx, params.uuid, query, body),
    // The same limit as a label map: a SEG is 1 bit per pixel per segment on each slice it is on.
    { bodyLimit: deps.config.MASK_IMPORT_MAX_BYTES },
  );
  route(
    svc,
    api.masks.save,
    async ({ ctx, params, query, body }) => saveMask(deps, ctx, { ...params, base: query.base }, body),
    { bodyLimit: deps.config.MASK_IMPORT_MAX_BYTES },
  );
}
