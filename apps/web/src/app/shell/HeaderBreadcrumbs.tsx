import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation, useMatches } from 'react-router';
import { buildBreadcrumbs } from '../breadcrumbs';
import { isRouteMeta } from '../routeMeta';
import { ROUTES } from '../routes';

const BY_PATH = new Map(ROUTES.map((r) => [r.path, r]));

export function HeaderBreadcrumbs() {
  const { pathname } = useLocation();
  const meta = useMatches()
    .map((m) => m.handle)
    .findLast(isRouteMeta);
  if (!meta) return null;
  const crumbs = buildBreadcrumbs(pathname, meta, BY_PATH);
  return (
    <Breadcrumbs aria-label="Breadcrumbs" data-testid="breadcrumbs" separatorMargin={6}>
      {crumbs.map((c) =>
        c.to ? (
          <Anchor key={c.to} component={Link} to={c.to} size="sm">
            {c.title}
          </Anchor>
        ) : (
          <Text key="current" size="sm" fw={600} aria-current="page">
            {c.title}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
