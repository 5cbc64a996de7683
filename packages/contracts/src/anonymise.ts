import { z } from 'zod';
import { endpoint } from './endpoint';

/** A patient name as the upload page sends it: base64 of its UTF-8 bytes, so it never sits in a URL or log line as text. */
const EncodedName = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.');

export const anonymise = {
  pseudonyms: endpoint({
    method: 'POST',
    path: '/c-upload/a',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'Team-stable pseudonyms for patient names (the same name gives the same pseudonym in a team)',
    body: z.strictObject({
      s: z
        .array(z.strictObject({ id: z.string().min(1).max(512), n: EncodedName }))
        .min(1)
        .max(1000),
    }),
    response: z.object({ a: z.array(z.object({ id: z.string(), n: z.string() })) }),
  }),
};
