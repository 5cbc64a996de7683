import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { bodyTooLarge, HttpError } from './errors';

/** Turns every failure into `{message, errors?}` with a 4xx status where the caller is at fault. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        const unknownKeys = (issue.params as { keys?: string[] }).keys ?? [];
        const fields = unknownKeys.length ? unknownKeys.map((k) => [...path, k].join('.')) : [path.join('.')];
        for (const field of fields) {
          (errors[field || error.validationContext || 'body'] ??= []).push(issue.message ?? 'Invalid value.');
        }
      }
      const first = Object.entries(errors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : 'The given data was invalid.';
      return reply.status(422).send({ message, errors });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, 'response does not match its contract');
      return reply.status(500).send({ message: 'Server error.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: bodyTooLarge(req.routeOptions.bodyLimit).message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Server error.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}
