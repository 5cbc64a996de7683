import fastifyMultipart from '@fastify/multipart';
import { api, UploadSessionId, type ChunkReceipt } from '@voxa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { badRequest, HttpError, unprocessable } from '../../http/errors';
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
  });
}

/** Messages of busboy for a body that ended early or is not multipart as declared. */
const MALFORMED_BODY =
  /^(Unexpected end of (form|file)|Malformed (part|urlencoded) header|Multipart: Boundary not found)/;

async function drain(bytes: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of bytes);
}

async function receiveMultipartChunk(
  rt: UploadRuntime,
  ctx: TeamContext,
  req: FastifyRequest,
): Promise<ChunkReceipt> {
  // The header is checked before the body is read; the unread body is then discarded by Node.
  const header = orRefuse(readUploadHeader(req.headers.upload, rt.limits));
  const fields: Record<string, string> = {};
  let receipt: ChunkReceipt | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (receipt || part.fieldname !== 'file') {
        await drain(part.file);
        throw unprocessable('One part named "file" is expected, after the fields.', {
          file: ['Unexpected part.'],
        });
      }
      const parsed = ChunkFields.safeParse(fields);
      if (!parsed.success) {
        await drain(part.file);
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
        const [field, messages] = Object.entries(errors)[0] ?? ['body', ['Invalid value.']];
        throw unprocessable(`${field}: ${messages[0]} (fields come before the file part)`, errors);
      }
      try {
        receipt = await receiveChunk(rt, ctx, {
          header,
          sessionId: parsed.data.session_id,
          name: parsed.data.name,
          preview: parsed.data.preview ?? null,
          bytes: part.file,
        });
      } catch (error) {
        // Refused before its bytes were read (404, 409, 413...): read them so the answer reaches the client.
        await drain(part.file).catch(() => undefined);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (req.raw.destroyed || req.raw.readableAborted) throw badRequest('The upload was interrupted.');
    if (error instanceof Error && MALFORMED_BODY.test(error.message))
      throw badRequest('Malformed multipart body.');
    throw error;
  }
  if (!receipt)
    throw unprocessable('The chunk is missing: send its bytes as the part "file".', { file: ['Required'] });
  return receipt;
}
