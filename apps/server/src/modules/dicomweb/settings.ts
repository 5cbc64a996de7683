import { api, type DicomwebSettings } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { route } from '../../http/route';

async function readSettings(deps: Deps, ctx: TeamContext): Promise<DicomwebSettings> {
  const team = await deps.db
    .selectFrom('teams')
    .select('dicom_anonymize')
    .where('id', '=', ctx.team.id)
    .executeTakeFirstOrThrow();
  return { anonymize: team.dicom_anonymize };
}

/** The team's DICOMweb settings under /api (the DICOMweb service itself is under /dicom-web). */
export function dicomwebSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.dicomweb.settings, async ({ ctx }) => readSettings(deps, ctx));
  route(app, api.dicomweb.changeSettings, async ({ ctx, body }) => {
    await deps.db
      .updateTable('teams')
      .set({ dicom_anonymize: body.anonymize })
      .where('id', '=', ctx.team.id)
      .execute();
    return readSettings(deps, ctx);
  });
}
