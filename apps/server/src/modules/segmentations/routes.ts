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
import { onSegmentation } from '../audit/entries';
import { audited, recordAudit } from '../audit/record';

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
  route(app, api.segmentations.create, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      (s) => onSegmentation('created', { uuid: params.uuid, segmentationId: s.id }),
      await segmentations.createSegmentation(db, ctx, params.uuid, body),
    ),
  );
  route(app, api.segmentations.remove, async ({ ctx, params, req }) =>
    audited(
      db,
      req,
      onSegmentation('deleted', params),
      await segmentations.removeSegmentation(deps, ctx, params.uuid, params.segmentationId),
    ),
  );
  route(app, api.segmentations.accept, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      onSegmentation('changed', params, { accepted: true }),
      await acceptSegmentation(deps, ctx, params.uuid, params.segmentationId, body),
    ),
  );
  route(app, api.segmentations.createSegment, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      onSegmentation('changed', params, { segment: 'created' }),
      await segmentations.createSegment(db, ctx, params.uuid, params.segmentationId, body),
    ),
  );
  route(app, api.segmentations.deleteSegment, async ({ ctx, params, req }) =>
    audited(
      db,
      req,
      onSegmentation('changed', params, { segment: params.segmentId, deleted: true }),
      await segmentations.deleteSegment(db, ctx, segmentAt(params)),
    ),
  );
  route(app, api.segmentations.renameSegment, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      onSegmentation('changed', params, { segment: params.segmentId, name: body.name }),
      await segmentations.renameSegment(db, ctx, segmentAt(params), body.name),
    ),
  );
  route(app, api.segmentations.recolorSegment, async ({ ctx, params, body, req }) =>
    audited(
      db,
      req,
      onSegmentation('changed', params, { segment: params.segmentId, color: body.color }),
      await segmentations.recolorSegment(db, ctx, segmentAt(params), body.color),
    ),
  );
}

const segmentAt = (p: { uuid: string; segmentationId: number; segmentId: number }) => ({
  seriesUuid: p.uuid,
  segmentationId: p.segmentationId,
  segmentId: p.segmentId,
});

/** Label masks, on the services host (/svc). */
export function maskRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.masks.create, async ({ ctx, params, req }) =>
    audited(
      deps.db,
      req,
      onSegmentation('created', params, {}, 'mask'),
      await masks.createMask(deps, ctx, params.uuid, params.segmentationId),
    ),
  );
  route(svc, api.masks.removeSegment, async ({ ctx, params, req }) =>
    audited(
      deps.db,
      req,
      onSegmentation('changed', params, { removed_value: params.value }, 'mask'),
      await masks.removeSegmentVoxels(deps, ctx, params),
    ),
  );
  route(svc, api.masks.restore, async ({ ctx, params, req }) =>
    audited(
      deps.db,
      req,
      onSegmentation('changed', params, { restored: params.revision }, 'mask'),
      await masks.restoreRevision(deps, ctx, params),
    ),
  );
  route(svc, api.masks.revisions, async ({ ctx, params }) =>
    masks.maskRevisions(deps, ctx, params.uuid, params.segmentationId),
  );
  route(svc, api.masks.download, async ({ ctx, params, query, reply, req }) => {
    const file = await masks.maskFile(deps, ctx, { ...params, revision: query.revision });
    await recordAudit(
      deps.db,
      req,
      onSegmentation('downloaded', params, { revision: file.revision }, 'mask'),
    );
    reply
      .header('content-disposition', `attachment; filename="mask-${file.revision}.nii.gz"`)
      // The annotator saves over the revision it loaded (`base`).
      .header('x-mask-revision', String(file.revision));
    return file.stream;
  });
  route(
    svc,
    api.masks.import,
    async ({ ctx, params, query, body, req }) =>
      audited(
        deps.db,
        req,
        (s) =>
          onSegmentation('created', { uuid: params.uuid, segmentationId: s.id }, { imported: true }, 'mask'),
        await importMask(deps, ctx, params.uuid, query, body),
      ),
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
    async ({ ctx, params, query, body, req }) =>
      audited(
        deps.db,
        req,
        (r) => onSegmentation('changed', params, { base: query.base, revision: r.revision }, 'mask'),
        await saveMask(deps, ctx, { ...params, base: query.base }, body),
      ),
    { bodyLimit: deps.config.MASK_IMPORT_MAX_BYTES },
  );
}
