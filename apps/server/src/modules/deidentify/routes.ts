import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { pseudonym } from './keyed';
import { teamKey } from './team-key';

export function deidentifyRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.anonymise.pseudonyms, async ({ ctx, body }) => {
    const key = teamKey(deps.keys, ctx.team.id);
    const a = body.s.map(({ id, n }) => ({
      id,
      n: pseudonym(key, Buffer.from(n, 'base64').toString('utf8')),
    }));
    return { a };
  });
}
