import type { BrowserContext, Route } from 'playwright-core';

const VOLUMES = '**/svc/v2/volume/**';

/**
 * Holds the bulk of every annotator volume (the open-ended range after its header) until `release()`,
 * while the header and the preview slice's range pass: the preview stays on screen for as long as a test
 * looks at it, then the volume loads as usual.
 */
export async function holdVolumeBulk(context: BrowserContext): Promise<{ release: () => void }> {
  let open: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route) => {
    if (/^bytes=\d+-$/.test(route.request().headers()['range'] ?? '')) await released;
    await route.continue();
  };
  await context.route(VOLUMES, handler);
  // Not unrouted: a request held then would be let go twice. Released, the route passes everything.
  return { release: () => open() };
}
