import type { SeriesListItem } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { groupByAcquisition, isOpenable, metaEntries, moveByStep, referenceAfterClick } from './rules';

let next = 1;
function series(over: Partial<SeriesListItem> = {}): SeriesListItem {
  const id = next++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    study_id: 1,
    series_number: id,
    acquisition_code: 'T2W',
    score: 0,
    sort: id,
    modality_code: 'MR',
    status: 'done',
    slideshow: [],
    ...over,
  };
}

describe('groupByAcquisition', () => {
  it('groups by code and orders each group by sort, series number, id', () => {
    const a = series({ sort: 2 });
    const b = series({ sort: 1 });
    const c = series({ acquisition_code: null, sort: 0 });
    const d = series({ sort: 1, series_number: null });
    const groups = groupByAcquisition([a, b, c, d]);
    expect(groups.map((g) => g.acquisitionCode)).toEqual(['T2W', null]);
    expect(groups[0]?.series.map((s) => s.id)).toEqual([b.id, d.id, a.id]);
  });
});

describe('moveByStep', () => {
  it('swaps with the neighbour, nothing at either end', () => {
    const group = [series({ sort: 1 }), series({ sort: 2 }), series({ sort: 3 })];
    const [first, second, third] = group.map((s) => s.id) as [number, number, number];
    const ids = (changes: { id: string; sort: number }[]) =>
      changes.map((c) => ({ id: Number(c.id), sort: c.sort }));
    expect(ids(moveByStep(group, third, -1))).toEqual([
      { id: second, sort: 3 },
      { id: third, sort: 2 },
    ]);
    expect(moveByStep(group, first, -1)).toEqual([]);
    expect(moveByStep(group, third, 1)).toEqual([]);
  });

  it('renumbers duplicate sorts from 1 first, in the shown order', () => {
    const group = [series({ sort: 0 }), series({ sort: 0 }), series({ sort: 0 })];
    const [first, second, third] = group.map((s) => s.id) as [number, number, number];
    const changes = moveByStep(group, first, 1).map((c) => ({ id: Number(c.id), sort: c.sort }));
    expect(changes).toEqual([
      { id: first, sort: 2 },
      { id: second, sort: 1 },
      { id: third, sort: 3 },
    ]);
  });

  it('orders ids as numbers, not as text', () => {
    next = 9;
    const nine = series({ sort: 0, series_number: 1 });
    const ten = series({ sort: 0, series_number: 1 });
    const changes = moveByStep([ten, nine], nine.id, 1).map((c) => ({ id: Number(c.id), sort: c.sort }));
    expect(changes).toEqual([
      { id: ten.id, sort: 1 },
      { id: nine.id, sort: 2 },
    ]);
  });
});

describe('referenceAfterClick', () => {
  it('makes the clicked series the reference, and clears it when it was', () => {
    const a = series();
    const b = series({ ref_serie: true });
    expect(referenceAfterClick([a, b], a.id)).toBe(a.id);
    expect(referenceAfterClick([a, b], b.id)).toBeNull();
    expect(referenceAfterClick([a, { ...b, ref_serie: undefined }], b.id)).toBe(b.id);
  });
});

describe('isOpenable', () => {
  it('needs a done series with a converted volume', () => {
    expect(isOpenable({ status: 'done', nifti: ['x-001'] })).toBe(true);
    expect(isOpenable({ status: 'done', nifti: [] })).toBe(false);
    expect(isOpenable({ status: 'converting', nifti: ['x-001'] })).toBe(false);
  });
});

describe('metaEntries', () => {
  it('lists the fields held as text or numbers, own titles first, then header fields', () => {
    const data = {
      patientName: 'ANON-1',
      studyDate: null,
      cnt: 28,
      Manufacturer: 'GE',
      ImageType: ['ORIGINAL', 'PRIMARY'],
      ProtocolName: '  ',
      files: [{ name: 'a' }],
    };
    const keys = [
      ['Patient', 'patientName'],
      ['Study date', 'studyDate'],
      ['Slices', 'cnt'],
    ] as const;
    expect(metaEntries(data, keys)).toEqual([
      ['Patient', 'ANON-1'],
      ['Slices', '28'],
      ['ImageType', 'ORIGINAL\\PRIMARY'],
      ['Manufacturer', 'GE'],
    ]);
  });
});
