import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { importFolder } from './import';
import { cancelOperation } from './progress';
import { list, mkdir, remove, transfer, unzip, zip } from './service';

/** The file commander on the services host (spec 7.7). */
export function commanderRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.commander.ls, ({ ctx, body }) => list(deps, ctx, body.dir));
  route(svc, api.commander.mkdir, ({ ctx, body }) => mkdir(deps, ctx, body.dir));
  route(svc, api.commander.cp, ({ ctx, body }) => transfer(deps, ctx, 'cp', body));
  route(svc, api.commander.mv, ({ ctx, body }) => transfer(deps, ctx, 'mv', body));
  route(svc, api.commander.rm, ({ ctx, body }) => remove(deps, ctx, body.paths));
  route(svc, api.commander.zip, ({ ctx, body }) => zip(deps, ctx, body));
  route(svc, api.commander.unzip, ({ ctx, body }) => unzip(deps, ctx, body));
  route(svc, api.commander.import, ({ ctx, body }) => importFolder(deps, ctx, body));
  route(svc, api.commander.cancel, async ({ ctx, body }) => ({
    cancelled: cancelOperation(ctx.user.id, body.op),
  }));
}
