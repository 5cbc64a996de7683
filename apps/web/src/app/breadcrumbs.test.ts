import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

const table = new Map([
  ['/admin', { title: 'Admin' }],
  ['/admin/users', { title: 'Users', parent: '/admin' }],
  ['/loop', { title: 'Loop', parent: '/loop' }],
]);

describe('buildBreadcrumbs', () => {
  it('walks up the parents', () => {
    expect(buildBreadcrumbs('/admin/users', { title: 'Users', parent: '/admin' }, table)).toEqual([
      { title: 'Admin', to: '/admin' },
      { title: 'Users', to: null },
    ]);
  });
  it('is one crumb for a top page', () => {
    expect(buildBreadcrumbs('/dashboard', { title: 'Dashboard' }, table)).toEqual([
      { title: 'Dashboard', to: null },
    ]);
  });
  it('stops at unknown or repeated parents', () => {
    expect(buildBreadcrumbs('/x', { title: 'X', parent: '/nowhere' }, table)).toEqual([
      { title: 'X', to: null },
    ]);
    expect(buildBreadcrumbs('/loop', { title: 'Loop', parent: '/loop' }, table)).toEqual([
      { title: 'Loop', to: null },
    ]);
  });
});
