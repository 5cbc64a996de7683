import fastifyMultipart from '@fastify/multipart';
import { api, UploadSessionId, type ChunkReceipt } from '@voxa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { fieldsThenFile } from '../../http/multipart';
import { route } from '../../http/route';
import { readUploadHeader } from './policy';
import {
  createUploadRuntime,
  fileStates,
  orRefuse,
  prepareSession,
  receiveChunk,
  type UploadRuntime,
} from './service';

/** The multipart fields sent before the chunk's `file` part. */
const ChunkFields = z.strictObject({
  name: z.string().min(1).max(1024),
  session_id: UploadSessionId,
  preview: z.string().max(256).optional(),
});

export function uploadRoutes(app: FastifyInstance, deps: Deps): void {
  const rt = createUploadRuntime(deps, {
    maxFileBytes: deps.config.UPLOAD_MAX_FILE_BYTES,
    maxChunkBytes: deps.config.UPLOAD_MAX_CHUNK_BYTES,
    maxSessionBytes: deps.config.UPLOAD_MAX_SESSION_BYTES,
  });
  // Multipart only here: its parser streams the body to the handler instead of buffering it.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: rt.limits.maxChunkBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10 },
    });
    route(scope, api.upload.prepare, async ({ ctx }) => prepareSession(rt, ctx));
    route(scope, api.upload.files, async ({ ctx, query }) => ({
      files: await fileStates(rt, ctx, query.session_id, query.file_id),
    }));
    route(scope, api.upload.chunk, async ({ ctx, req }) => receiveMultipartChunk(rt, ctx, req));
    // V1's chunks: the same runtime, so the same store and per-file locks (docs/decisions/0064).
    route(scope, api.batchUpload.chunk, async ({ ctx, req }) => receiveMultipartChunk(rt, ctx, req));
  });
}

async function receiveMultipartChunk(
  rt: UploadRuntime,
  ctx: TeamContext,
  req: FastifyRequest,
): Promise<ChunkReceipt> {
  // The header is checked before the body is read; the unread body is then discarded by Node.
  const header = orRefuse(readUploadHeader(req.headers.upload, rt.limits));
  return fieldsThenFile(req, ChunkFields, 'chunk', (fields, bytes) =>
    receiveChunk(rt, ctx, {
      header,
      sessionId: fields.session_id,
      name: fields.name,
      preview: fields.preview ?? null,
      bytes,
    }),
  );
}
