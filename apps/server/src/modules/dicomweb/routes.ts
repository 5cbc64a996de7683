import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Endpoint } from '@voxa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl } from '../../config';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { boundedBody } from '../../http/bounded-body';
import { bodyTooLarge, HttpError } from '../../http/errors';
import { enforceScope } from '../../http/route';
import { accepts, NOT_ACCEPTABLE, type Answer } from './accept';
import { syncTeamIndex } from './index-series';
import { ingestInstances } from './ingest';
import {
  mediaTypeParameters,
  MultipartError,
  readMultipartRelated,
  streamMultipartRelated,
} from './multipart-related';
import { convertingSeries, studiesNamed, waitForConversions } from './read-your-writes';
import { searchInstances, searchSeries, searchStudies } from './qido';
import { parseQido, type Filter } from './qido-query';
import { instancesOf } from './stow-body';
import { stowResponse } from './stow-response';
import { renderedFrame } from './rendered';
import { instanceIn, servedAs } from './transcode';
import {
  fileBytes,
  framesOf,
  metadataOf,
  parseFrameList,
  storedFiles,
  type StoredFile,
  type WadoTarget,
} from './wado';
import {
  acceptedRendered,
  acceptedSyntaxes,
  type PartType,
  type RenderedType,
  type Wanted,
} from './wado-accept';

/** DICOMweb is PS3.18's API, not a Voxa contract: these describe its access rule for enforceScope. */
const READ: Endpoint = {
  method: 'GET',
  path: '/dicom-web',
  scope: 'team',
  permissions: ['r:studies'],
  summary: 'DICOMweb QIDO-RS and WADO-RS',
  response: null,
};
const STORE: Endpoint = { ...READ, method: 'POST', permissions: ['r:upload'], summary: 'DICOMweb STOW-RS' };

const DICOM_JSON = 'application/dicom+json';
const ONLY_MULTIPART =
  'Only application/dicom instances are accepted (multipart/related; type="application/dicom").';
/** The `WWW-Authenticate` challenges of a 401 (RFC 9110 11.6.1): a token as Bearer, or as Basic's password. */
export const DICOMWEB_CHALLENGES = ['Bearer realm="DICOMweb"', 'Basic realm="DICOMweb", charset="UTF-8"'];
export const NO_INSTANCE =
  'The request holds no instance: STOW-RS needs at least one application/dicom part.';

interface UidParams {
  study?: string;
  series?: string;
  instance?: string;
  frames?: string;
}

/** The caller in the request's team, allowed `e`. */
function access(req: FastifyRequest, e: Endpoint): TeamContext {
  enforceScope(e, req.ctx);
  return req.ctx as TeamContext;
}

/**
 * The caller, allowed to read; once the series the read could find (of the studies it names, or any)
 * have converted, or READ_WAIT_MS has passed, the team's index brought up to date.
 */
async function reader(deps: Deps, req: FastifyRequest, studies: string[] | null): Promise<TeamContext> {
  const ctx = access(req, READ);
  await waitForConversions(() => convertingSeries(deps.db, ctx.team.id, studies));
  await syncTeamIndex(deps, ctx.team.id);
  return ctx;
}

/**
 * The service root at the team's host (RetrieveURL and BulkDataURI values): followed without the `Team`
 * header the caller may have chosen the team by, it still reaches the team.
 */
const baseOf = (deps: Deps, ctx: TeamContext) => `${baseUrl(deps.config, ctx.team.slug)}/dicom-web`;

function target(params: UidParams): WadoTarget {
  if (!params.study) throw new HttpError(400, 'A StudyInstanceUID is required.');
  return { study: params.study, series: params.series, instance: params.instance };
}

/** QIDO-RS at one level, the path's UIDs added to the query's filters. */
function qido(deps: Deps, level: 'studies' | 'series' | 'instances') {
  const search = { studies: searchStudies, series: searchSeries, instances: searchInstances }[level];
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    access(req, READ);
    const parsed = parseQido(req.query as Record<string, string | string[]>);
    if (!parsed.ok) throw new HttpError(400, parsed.message);
    const ctx = await reader(deps, req, studiesNamed(req.params.study, parsed.query.filters));
    const scoped: Filter[] = [];
    if (req.params.study) scoped.push({ kind: 'uids', column: 'study_uid', values: [req.params.study] });
    if (req.params.series) scoped.push({ kind: 'uids', column: 'series_uid', values: [req.params.series] });
    const query = { ...parsed.query, filters: [...parsed.query.filters, ...scoped] };
    const results = await search(deps.db, ctx.team.id, query, baseOf(deps, ctx));
    return reply.type(DICOM_JSON).send(results);
  };
}

function sendMultipart(
  reply: FastifyReply,
  body: { contentType: string; stream: AsyncGenerator<Uint8Array> },
) {
  return reply.type(body.contentType).send(Readable.from(body.stream, { objectMode: false }));
}

/** What the request's Accept header asks for and every file can be served as; else 406. */
function negotiated(req: FastifyRequest, part: PartType, files: StoredFile[]): Wanted {
  const wanted = acceptedSyntaxes(req.headers.accept, part);
  if (wanted.length === 0)
    throw new HttpError(406, `Not acceptable: ask for multipart/related; type="${part}".`);
  return servedAs(
    files.map((f) => f.transferSyntax),
    wanted,
  );
}

function renderedType(req: FastifyRequest): RenderedType {
  const type = acceptedRendered(req.headers.accept);
  if (!type) throw new HttpError(406, 'Not acceptable: rendered resources are image/png or image/jpeg.');
  return type;
}

/**
 * WADO-RS: the stored instances (de-identified when the team anonymises) in the transfer syntax asked
 * for: as stored for `*`, Explicit VR Little Endian by default (PS3.18 8.7.3.5), decoded when compressed.
 */
function retrieve(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const ctx = await reader(deps, req, studiesNamed(req.params.study));
    const files = await storedFiles(deps, ctx.team.id, target(req.params));
    const wanted = negotiated(req, 'application/dicom', files).syntax;
    async function* parts() {
      for await (const { file, bytes } of fileBytes(files)) {
        const syntax = wanted === '*' ? file.transferSyntax : wanted;
        const headers = { 'Content-Type': `application/dicom; transfer-syntax=${syntax}` };
        yield { body: await instanceIn(new Uint8Array(bytes), file.transferSyntax, wanted), headers };
      }
    }
    return sendMultipart(reply, streamMultipartRelated('application/dicom', parts()));
  };
}

function metadata(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const ctx = await reader(deps, req, studiesNamed(req.params.study));
    const files = await storedFiles(deps, ctx.team.id, target(req.params));
    return reply.type(DICOM_JSON).send(await metadataOf(files, baseOf(deps, ctx)));
  };
}

async function oneInstance(
  deps: Deps,
  req: FastifyRequest<{ Params: UidParams }>,
): Promise<{ file: StoredFile; bytes: Uint8Array }> {
  const ctx = await reader(deps, req, studiesNamed(req.params.study));
  const [file] = await storedFiles(deps, ctx.team.id, target(req.params));
  if (!file) throw new HttpError(404, 'Instance not found.');
  return { file, bytes: new Uint8Array(await readFile(file.path)) };
}

/** Frames as raw pixels (application/octet-stream, Explicit VR Little Endian), or as stored (`*`, image/jls ...). */
function frames(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const numbers = parseFrameList(req.params.frames ?? '');
    const { file, bytes } = await oneInstance(deps, req);
    const wanted = negotiated(req, 'application/octet-stream', [file]);
    const { transferSyntax, frames } = await framesOf(bytes, numbers, wanted.syntax);
    async function* parts() {
      for (const body of frames) yield { body };
    }
    const type = `${wanted.type}; transfer-syntax=${transferSyntax}`;
    return sendMultipart(reply, streamMultipartRelated(type, parts()));
  };
}

/** One frame of an instance (the first unless the path names one) as a PNG or JPEG image. */
function rendered(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const [frame = 1] = req.params.frames ? parseFrameList(req.params.frames) : [];
    const { file, bytes } = await oneInstance(deps, req);
    const type = renderedType(req);
    return reply.type(type).send(Buffer.from(await renderedFrame(bytes, file.transferSyntax, frame, type)));
  };
}

/** A study's or series' images rendered, one part per instance (its first frame); those without one left out. */
function renderedMany(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const ctx = await reader(deps, req, studiesNamed(req.params.study));
    const type = renderedType(req);
    const files = await storedFiles(deps, ctx.team.id, target(req.params));
    const images: Uint8Array[] = [];
    for await (const { file, bytes } of fileBytes(files)) {
      const image = await renderedFrame(new Uint8Array(bytes), file.transferSyntax, 1, type).catch(
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 404) return null;
          throw error;
        },
      );
      if (image) images.push(image);
    }
    if (images.length === 0) throw new HttpError(404, 'No instance here has an image to render.');
    async function* parts() {
      for (const body of images) yield { body };
    }
    return sendMultipart(reply, streamMultipartRelated(type, parts()));
  };
}

function store(deps: Deps) {
  return async (req: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) => {
    const ctx = access(req, STORE);
    const contentType = req.headers['content-type'] ?? '';
    const { params } = mediaTypeParameters(contentType);
    if (params.type && params.type.toLowerCase() !== 'application/dicom')
      throw new HttpError(415, ONLY_MULTIPART);
    const limit = deps.config.DICOMWEB_MAX_STOW_BYTES;
    if (Number(req.headers['content-length'] ?? 0) > limit) throw bodyTooLarge(limit);
    let outcome;
    try {
      // Read as it arrives: each instance is stored while the next ones are received.
      const parts = readMultipartRelated(boundedBody<Buffer>(req.body as Readable, limit), contentType);
      outcome = await ingestInstances(deps, ctx, instancesOf(parts), { study: req.params.study });
    } catch (error) {
      if (error instanceof MultipartError) throw new HttpError(400, error.message);
      throw error;
    }
    // PS3.18 10.5: a request holds one or more instances; a body of the closing boundary alone is malformed.
    if (outcome.stored.length + outcome.failed.length === 0) throw new HttpError(400, NO_INSTANCE);
    const { status, body } = stowResponse(outcome, baseOf(deps, ctx));
    return reply.status(status).type(DICOM_JSON).send(body);
  };
}

type RouteKind =
  | 'qido-studies'
  | 'qido-series'
  | 'qido-instances'
  | 'retrieve'
  | 'metadata'
  | 'frames'
  | 'rendered'
  | 'rendered-many'
  | 'store';

/** What each kind of route answers, for the Accept header (rendered images negotiate their own). */
const ANSWERS: Record<RouteKind, Answer | null> = {
  'qido-studies': 'dicom-json',
  'qido-series': 'dicom-json',
  'qido-instances': 'dicom-json',
  retrieve: 'multipart-dicom',
  metadata: 'dicom-json',
  frames: 'multipart-frames',
  rendered: null,
  'rendered-many': null,
  store: 'dicom-json',
};

const INSTANCE = '/studies/:study/series/:series/instances/:instance';

/** Every DICOMweb route under /dicom-web (the tenant isolation test calls each). */
export const DICOMWEB_ROUTES: readonly { method: 'GET' | 'POST'; path: string; kind: RouteKind }[] = [
  { method: 'GET', path: '/studies', kind: 'qido-studies' },
  { method: 'GET', path: '/series', kind: 'qido-series' },
  { method: 'GET', path: '/instances', kind: 'qido-instances' },
  { method: 'GET', path: '/studies/:study/series', kind: 'qido-series' },
  { method: 'GET', path: '/studies/:study/instances', kind: 'qido-instances' },
  { method: 'GET', path: '/studies/:study/series/:series/instances', kind: 'qido-instances' },
  { method: 'GET', path: '/studies/:study', kind: 'retrieve' },
  { method: 'GET', path: '/studies/:study/series/:series', kind: 'retrieve' },
  { method: 'GET', path: INSTANCE, kind: 'retrieve' },
  { method: 'GET', path: '/studies/:study/metadata', kind: 'metadata' },
  { method: 'GET', path: '/studies/:study/series/:series/metadata', kind: 'metadata' },
  { method: 'GET', path: `${INSTANCE}/metadata`, kind: 'metadata' },
  { method: 'GET', path: `${INSTANCE}/frames/:frames`, kind: 'frames' },
  { method: 'GET', path: `${INSTANCE}/rendered`, kind: 'rendered' },
  { method: 'GET', path: `${INSTANCE}/frames/:frames/rendered`, kind: 'rendered' },
  { method: 'GET', path: '/studies/:study/rendered', kind: 'rendered-many' },
  { method: 'GET', path: '/studies/:study/series/:series/rendered', kind: 'rendered-many' },
  { method: 'POST', path: '/studies', kind: 'store' },
  { method: 'POST', path: '/studies/:study', kind: 'store' },
];

/**
 * DICOMweb under /dicom-web (PS3.18): QIDO-RS, WADO-RS and STOW-RS over the request's team, for its
 * members and API users (Bearer or HTTP Basic), reading with r:studies and storing with r:upload.
 */
export function dicomwebRoutes(app: FastifyInstance, deps: Deps): void {
  // The body goes to the route as a stream: STOW-RS reads it part by part (its limit is checked there).
  app.addContentTypeParser('multipart/related', (_req, body, done) => done(null, body));
  // Any other body (a single-part application/dicom, JSON) is refused by name (PS3.18 10.5.2).
  app.addContentTypeParser('*', (_req, _body, done) => done(new HttpError(415, ONLY_MULTIPART)));
  const handlers: Record<RouteKind, ReturnType<typeof retrieve>> = {
    'qido-studies': qido(deps, 'studies'),
    'qido-series': qido(deps, 'series'),
    'qido-instances': qido(deps, 'instances'),
    retrieve: retrieve(deps),
    metadata: metadata(deps),
    frames: frames(deps),
    rendered: rendered(deps),
    'rendered-many': renderedMany(deps),
    store: store(deps),
  };
  // PS3.18 describes these, not Voxa's OpenAPI document (whose server is /api).
  // Access is decided before the input is looked at: an anonymous caller gets 401 whatever it sent.
  for (const r of DICOMWEB_ROUTES) {
    const answer = ANSWERS[r.kind];
    app.route({
      method: r.method,
      url: r.path,
      schema: { hide: true },
      onRequest: async (req) => {
        enforceScope(r.method === 'POST' ? STORE : READ, req.ctx);
        if (answer && !accepts(req.headers.accept, answer)) throw new HttpError(406, NOT_ACCEPTABLE[answer]);
      },
      handler: handlers[r.kind],
    });
  }
}
