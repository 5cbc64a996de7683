import type { Notification } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import {
  canLoadMore,
  nextPageSize,
  notificationPath,
  withAllMarked,
  withCreated,
  withUpdated,
  type NotificationPage,
} from './notifications';

const note = (id: number, is_seen: 0 | 1): Notification => ({
  id,
  team_id: 1,
  type_code: 'aiinfer.done',
  model1_id: null,
  model2_id: null,
  model3_id: null,
  section: null,
  url: null,
  description: null,
  is_seen,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const page: NotificationPage = { data: [note(2, 0), note(1, 1)], count: 5, unseen: 3 };

describe('Load more', () => {
  it('shows while the count reaches the page size', () => {
    expect(canLoadMore(12, 10)).toBe(true);
    expect(canLoadMore(10, 10)).toBe(true);
    expect(canLoadMore(9, 10)).toBe(false);
    expect(canLoadMore(12, 20)).toBe(false);
    expect(canLoadMore(0, 10)).toBe(false);
  });
  it('grows the page by 10', () => {
    expect(nextPageSize(10)).toBe(20);
    expect(nextPageSize(20)).toBe(30);
  });
});

describe('withCreated', () => {
  it('prepends an unseen one and counts it', () => {
    expect(withCreated(page, note(3, 0))).toEqual({
      data: [note(3, 0), note(2, 0), note(1, 1)],
      count: 6,
      unseen: 4,
    });
  });
  it('keeps the seen mark it came with', () => {
    const next = withCreated(page, note(3, 1));
    expect(next.data[0]?.is_seen).toBe(1);
    expect(next.unseen).toBe(3);
  });
  it('does not list twice one already there', () => {
    expect(withCreated(page, note(2, 1))).toEqual({ data: [note(2, 1), note(1, 1)], count: 5, unseen: 2 });
  });
});

describe('withUpdated', () => {
  it('replaces in place and moves the unseen count', () => {
    expect(withUpdated(page, note(2, 1))).toEqual({ data: [note(2, 1), note(1, 1)], count: 5, unseen: 2 });
    expect(withUpdated(page, note(1, 0))?.unseen).toBe(4);
  });
  it('answers null for one the page does not hold', () => {
    expect(withUpdated(page, note(9, 1))).toBeNull();
  });
});

describe('withAllMarked', () => {
  it('sets every mark and the unseen count', () => {
    expect(withAllMarked(page, 1)).toEqual({
      data: [note(2, 1), note(1, 1)],
      count: 5,
      unseen: 0,
    });
    expect(withAllMarked(page, 0).unseen).toBe(5);
  });
});

describe('notificationPath', () => {
  it('keeps a path on this site', () => {
    expect(notificationPath('/ai-trainings/4')).toBe('/ai-trainings/4');
    expect(notificationPath('/studies-v2?filter_id=3')).toBe('/studies-v2?filter_id=3');
  });
  it('refuses other sites, schemes and nothing', () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(notificationPath(url)).toBeNull();
    }
    expect(notificationPath(null)).toBeNull();
    expect(notificationPath('')).toBeNull();
  });
});
