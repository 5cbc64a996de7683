import { api, type DimseSettings, type MoveDestination } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import { route } from '../../http/route';
import { teamAeTitle } from './ae-policy';

async function readSettings(deps: Deps, ctx: TeamContext): Promise<DimseSettings> {
  const rows = await deps.db
    .selectFrom('dimse_calling_aes')
    .select('ae_title')
    .where('team_id', '=', ctx.team.id)
    .orderBy('ae_title')
    .execute();
  return {
    aeTitle: teamAeTitle(ctx.team.slug),
    callingAeTitles: rows.map((r) => r.ae_title),
    port: deps.config.DIMSE_PORT ?? null,
    moveDestinations: await moveDestinations(deps.db, ctx.team.id),
  };
}

/** The team's C-MOVE destinations, by AE title. */
export async function moveDestinations(db: Db, teamId: number): Promise<MoveDestination[]> {
  const rows = await db
    .selectFrom('dimse_move_destinations')
    .select(['ae_title', 'host', 'port'])
    .where('team_id', '=', teamId)
    .orderBy('ae_title')
    .execute();
  return rows.map((r) => ({ aeTitle: r.ae_title, host: r.host, port: r.port }));
}

/** The team's side of the C-STORE SCP under /api (the SCP itself listens on DIMSE_PORT). */
export function dimseSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.dimse.settings, async ({ ctx }) => readSettings(deps, ctx));
  route(app, api.dimse.changeSettings, async ({ ctx, body }) => {
    const titles = [...new Set(body.callingAeTitles)];
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('dimse_calling_aes').where('team_id', '=', ctx.team.id).execute();
      if (titles.length > 0)
        await trx
          .insertInto('dimse_calling_aes')
          .values(titles.map((ae_title) => ({ team_id: ctx.team.id, ae_title })))
          .execute();
      const destinations = body.moveDestinations;
      if (!destinations) return;
      // One per AE title: the last one given wins.
      const byTitle = new Map(destinations.map((d) => [d.aeTitle, d]));
      await trx.deleteFrom('dimse_move_destinations').where('team_id', '=', ctx.team.id).execute();
      if (byTitle.size > 0)
        await trx
          .insertInto('dimse_move_destinations')
          .values(
            [...byTitle.values()].map((d) => ({
              team_id: ctx.team.id,
              ae_title: d.aeTitle,
              host: d.host,
              port: d.port,
            })),
          )
          .execute();
    });
    return readSettings(deps, ctx);
  });
}
