import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes';

const route = (path: string) => ROUTES.find((r) => r.path === path);

describe('the route table', () => {
  it('has the inference pages with their permissions and parents (decision 0049)', () => {
    const pages = [
      ['/ai-infers', 'r:ai-infers', undefined],
      ['/ai-infers/create', 'r:ai-infers', '/ai-infers'],
      ['/ai-infers/detail', 'r:ai-infers', '/ai-infers'],
      ['/ai2-inference', 'r:ai-infers', '/ai-infers'],
      ['/admin/batch-infer', 'r:ai-infers', '/admin'],
      ['/admin/ai-model-configuration', 'r:ai-model-configuration', '/admin'],
    ] as const;
    for (const [path, permission, parent] of pages) {
      expect(route(path), path).toMatchObject({ permissions: [permission], needsTeam: true });
      expect(route(path)?.parent, path).toBe(parent);
    }
  });
  it('has the training pages, v1 and v2, under r:ai-trainings (decisions 0052, 0056)', () => {
    const pages = [
      ['/ai2-trainings', undefined],
      ['/ai2-trainings/create', '/ai2-trainings'],
      ['/ai2-trainings/detail/:id', '/ai2-trainings'],
      ['/ai2-trainings/detail-mi', '/ai2-trainings'],
      ['/ai-trainings', undefined],
      ['/ai-trainings/detail', undefined],
      ['/ai-trainings/detail-mi', undefined],
    ] as const;
    for (const [path, parent] of pages) {
      expect(route(path), path).toMatchObject({ permissions: ['r:ai-trainings'], needsTeam: true });
      expect(route(path)?.parent, path).toBe(parent);
    }
  });
  it('has the AI prompt pages for administrators, in a team (decision 0057)', () => {
    for (const path of [
      '/ai-prompt',
      '/ai-prompt/create',
      '/ai-prompt/edit',
      '/ai-prompt/:id',
      '/ai-prompt/:id/edit',
    ])
      expect(route(path), path).toMatchObject({ permissions: ['admin'], needsTeam: true });
  });
  it('has the API user pages under r:api-users, in a team (decision 0058)', () => {
    for (const path of ['/admin/api/users', '/admin/api/detail/:id?'])
      expect(route(path), path).toMatchObject({ permissions: ['r:api-users'], needsTeam: true });
  });
  it('has the team pages under r:team, below Team', () => {
    for (const path of ['/team/users', '/team/invitations', '/team/roles', '/team/dicom']) {
      expect(route(path), path).toMatchObject({
        permissions: ['r:team'],
        needsTeam: true,
        parent: '/members',
      });
    }
  });
  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
