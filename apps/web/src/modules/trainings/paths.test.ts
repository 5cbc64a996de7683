import { describe, expect, it } from 'vitest';
import { v2TrainingPathOf } from './paths';

const at = (path: string, query = '') => v2TrainingPathOf(path, new URLSearchParams(query));

describe('the v1 training addresses', () => {
  it('land on the v2 page showing the same, keeping the id', () => {
    expect(at('/ai-trainings')).toBe('/ai2-trainings');
    expect(at('/ai-trainings/detail', 'id=7')).toBe('/ai2-trainings/detail/7');
    expect(at('/ai-trainings/detail-mi/', 'id=7')).toBe('/ai2-trainings/detail-mi?id=7');
  });

  it('land on the list without a usable id', () => {
    expect(at('/ai-trainings/detail')).toBe('/ai2-trainings');
    expect(at('/ai-trainings/detail', 'id=abc')).toBe('/ai2-trainings');
    expect(at('/ai-trainings/detail-mi', 'id=0')).toBe('/ai2-trainings');
  });
});
