import { api } from '@voxa/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { teamKey } from '../deidentify/team-key';
import { allowedCodes, cancelPrompt, createPrompts } from './prompts';
import { recogniseAcquisitions } from './recogniser';

/** POST /api/llm/prompts: record the prompts, answer 202, recognise in the background. */
export function recognitionRoutes(app: FastifyInstance, deps: Deps): void {
  route(app, api.recognition.prompts, async ({ ctx, query, body }) => {
    const actor = { teamId: ctx.team.id, userId: ctx.user.id };
    const key = teamKey(deps.keys, ctx.team.id);
    const ids = await createPrompts(deps.db, { ...actor, key }, query.wsid, body.studies);
    const jobs = body.studies.map((study, i) => ({
      llmRemoteId: ids[i] ?? '',
      userId: actor.userId,
      socketId: query.wsid,
      study,
    }));
    for (const job of jobs) deps.recognition.start(job);
    return { prompts: jobs.map((j) => ({ studyId: j.study.id, llmRemoteId: j.llmRemoteId })) };
  });
}

/** The services host's recognition calls (/svc). */
export function recognitionServiceRoutes(svc: FastifyInstance, deps: Deps): void {
  route(svc, api.recognition.prompt, async ({ ctx, params, body }) => {
    if (params.teamId !== ctx.team.id) throw notFound('Team not found.');
    const series = body.series.map((s) => ({ ...s, modality: s.modality || params.modality }));
    // Answered within the request: the model's own timeout bounds it, nothing else aborts it.
    const signal = new AbortController().signal;
    return recogniseAcquisitions(
      deps,
      { modality: params.modality.toUpperCase(), series },
      await allowedCodes(deps.db),
      signal,
    );
  });
  route(svc, api.recognition.cancelPrompt, async ({ ctx, params }) => {
    const result = await cancelPrompt(
      deps.db,
      { teamId: ctx.team.id, userId: ctx.user.id },
      params.llmRemoteId,
    );
    deps.recognition.abort(params.llmRemoteId);
    return result;
  });
}
