import type { Endpoint, Params, Reply } from '@voxa/contracts';
import { ApiRequestError, errorFrom, headersOf, urlOf } from './api';

/**
 * Sends a file to an endpoint with a raw body, reporting the share sent (0..1) as it goes: fetch cannot
 * tell upload progress, XMLHttpRequest can. Answers the endpoint's JSON; a failure throws ApiRequestError.
 */
export function upload<E extends Endpoint & { rawBody: string }>(
  endpoint: E,
  args: { params: Params<E>; file: Blob; onProgress: (sent: number) => void },
): Promise<Reply<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, urlOf(endpoint, { params: args.params as Record<string, unknown> }));
    for (const [name, value] of Object.entries(headersOf(endpoint, true))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && args.onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const res = new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) resolve(res.json() as Promise<Reply<E>>);
      else void errorFrom(res).then(reject);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'The upload failed: the connection was lost.'));
    xhr.send(args.file);
  });
}
