import http from 'node:http';
import type { CallResult, TestApp } from './test-app';

/**
 * Like `t.call`, but naming the team through the Host header (`{slug}.voxa.test`), which fetch does not
 * let a caller set.
 */
export function callAtHost(
  t: TestApp,
  method: string,
  apiPath: string,
  opts: { host: string; token?: string; body?: unknown; prefix?: '/api' | '/svc' | '/dicom-web' },
): Promise<CallResult> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { host: opts.host, 'x-requested-with': 'XMLHttpRequest' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${opts.prefix ?? '/api'}${apiPath}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text so the assertion shows it
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
