import type { RouteMeta } from './routeMeta';

export interface Crumb {
  title: string;
  /** null for the current page. */
  to: string | null;
}

/** Follows `parent` links from the current page back to the top; stops on a missing or repeated page. */
export function buildBreadcrumbs(
  pathname: string,
  current: Pick<RouteMeta, 'title' | 'parent'>,
  byPath: ReadonlyMap<string, Pick<RouteMeta, 'title' | 'parent'>>,
): Crumb[] {
  const crumbs: Crumb[] = [{ title: current.title, to: null }];
  const seen = new Set([pathname]);
  let parent = current.parent;
  while (parent && !seen.has(parent)) {
    const meta = byPath.get(parent);
    if (!meta) break;
    seen.add(parent);
    crumbs.unshift({ title: meta.title, to: parent });
    parent = meta.parent;
  }
  return crumbs;
}
