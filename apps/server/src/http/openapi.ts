import { allEndpoints } from '@voxa/contracts';

/**
 * The document's base server is /api; services-host paths come out as `/svc/...` (not under /api), so
 * each gets a path-level server of `/` to keep its address right.
 */
export function withServicesHost<T extends { paths?: object }>(doc: T): T {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).map(([path, item]: [string, object]) =>
      path.startsWith('/svc/')
        ? [path, { ...item, servers: [{ url: '/', description: 'services host' }] }]
        : [path, item],
    ),
  );
  return { ...doc, paths };
}

/**
 * Endpoints whose body is a file's raw bytes have no body schema to validate, so the document gets their
 * request body here: required bytes of the content type.
 */
export function withRawBodies<T extends { paths?: object }>(doc: T): T {
  const paths = { ...(doc.paths ?? {}) } as Record<string, Record<string, object>>;
  for (const e of allEndpoints()) {
    if (!e.rawBody) continue;
    // API-host paths sit under the document's /api server; services-host ones carry /svc.
    const path = `${e.host === 'services' ? '/svc' : ''}${e.path.replace(/:(\w+)/g, '{$1}')}`;
    const operation = paths[path]?.[e.method.toLowerCase()];
    if (!operation) continue;
    paths[path] = {
      ...paths[path],
      [e.method.toLowerCase()]: {
        ...operation,
        requestBody: {
          required: true,
          content: { [e.rawBody]: { schema: { type: 'string', format: 'binary' } } },
        },
      },
    };
  }
  return { ...doc, paths };
}
