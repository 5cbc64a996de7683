import { AI_PROMPT_SERIES_LIMIT, api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { activateVersion, addVersion, createPrompt, getPrompt, listPrompts } from './service';
import { searchSeries, testPrompt } from './test-box';

const p = api.aiPrompts;

/** The language-model prompts (/ai-prompt pages): platform-wide, administrators only (decision 0057). */
export function aiPromptRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, p.list, async () => listPrompts(db));
  route(app, p.create, async ({ ctx, body }) => createPrompt(db, ctx.user.id, body));
  route(app, p.get, async ({ params }) => getPrompt(db, params.promptId));
  route(app, p.edit, async ({ ctx, params, body }) => addVersion(db, ctx.user.id, params.promptId, body));
  route(app, p.activate, async ({ params, body }) => activateVersion(db, params.promptId, body.version));
  route(app, p.series, async ({ ctx, query }) =>
    searchSeries(db, ctx.team.id, query.search, AI_PROMPT_SERIES_LIMIT),
  );
  route(app, p.test, async ({ ctx, params, body }) =>
    testPrompt(deps, ctx.team.id, { promptId: params.promptId, ...body }),
  );
}
