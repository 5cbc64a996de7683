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
