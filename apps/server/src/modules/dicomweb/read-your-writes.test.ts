import { describe, expect, it } from 'vitest';
import { studiesNamed, waitForConversions } from './read-your-writes';

describe('studiesNamed', () => {
  it('names the path’s study, narrowed by a StudyInstanceUID key', () => {
    expect(studiesNamed('1.2')).toEqual(['1.2']);
    expect(studiesNamed(undefined, [{ kind: 'uids', column: 'study_uid', values: ['1.2', '1.3'] }])).toEqual([
      '1.2',
      '1.3',
    ]);
    expect(studiesNamed('1.2', [{ kind: 'uids', column: 'study_uid', values: ['1.3'] }])).toEqual([]);
  });

  it('names none (any study may match) for other keys', () => {
    expect(studiesNamed(undefined)).toBeNull();
    expect(
      studiesNamed(undefined, [
        { kind: 'uids', column: 'series_uid', values: ['1.2.3'] },
        { kind: 'like', column: 'patient_name', pattern: 'A%', caseInsensitive: true },
      ]),
    ).toBeNull();
  });
});

describe('waitForConversions', () => {
  it('answers at once when nothing converts, and once the last series has', async () => {
    expect(await waitForConversions(async () => 0, 1000, 1)).toBe(true);
    const counts = [2, 1, 0];
    let asked = 0;
    expect(await waitForConversions(async () => counts[asked++] ?? 0, 1000, 1)).toBe(true);
    expect(asked).toBe(3);
  });

  it('gives up after the bound, answering false', async () => {
    const started = Date.now();
    expect(await waitForConversions(async () => 1, 50, 5)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
