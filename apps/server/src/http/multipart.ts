import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { badRequest, HttpError, unprocessable } from './errors';

/** Messages of busboy for a body that ended early or is not multipart as declared. */
const MALFORMED_BODY =
  /^(Unexpected end of (form|file)|Malformed (part|urlencoded) header|Multipart: Boundary not found)/;

async function drain(bytes: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of bytes);
}

/**
 * A multipart body of fields, then one part `file` (the chunked upload, AI checkpoints): the fields are
 * checked against `fields` before any byte of the file is read, then the file is streamed to `accept`.
 * `what` names the file in the refusal when it is missing ('chunk', 'checkpoint').
 */
export async function fieldsThenFile<Fields extends z.ZodTypeAny, Receipt>(
  req: FastifyRequest,
  fields: Fields,
  what: string,
  accept: (values: z.infer<Fields>, file: Readable) => Promise<Receipt>,
): Promise<Receipt> {
  const values: Record<string, string> = {};
  let receipt: { value: Receipt } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (receipt || part.fieldname !== 'file') {
        await drain(part.file);
        throw unprocessable('One part named "file" is expected, after the fields.', {
          file: ['Unexpected part.'],
        });
      }
      const parsed = fields.safeParse(values);
      if (!parsed.success) {
        await drain(part.file);
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
        const [field, messages] = Object.entries(errors)[0] ?? ['body', ['Invalid value.']];
        throw unprocessable(`${field}: ${messages[0]} (fields come before the file part)`, errors);
      }
      try {
        receipt = { value: await accept(parsed.data, part.file) };
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
    throw unprocessable(`The ${what} is missing: send its bytes as the part "file".`, { file: ['Required'] });
  return receipt.value;
}
