import type { MaskRevision } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { isLabelMapFile, maskFileName, revisionRows } from './maskRules';

describe('isLabelMapFile', () => {
  it('takes .nii and .nii.gz in any case, nothing else', () => {
    expect(isLabelMapFile('seg.nii')).toBe(true);
    expect(isLabelMapFile('example_seg_dicom.nii.gz')).toBe(true);
    expect(isLabelMapFile('SEG.NII.GZ')).toBe(true);
    expect(isLabelMapFile('seg.gz')).toBe(false);
    expect(isLabelMapFile('seg.nii.zip')).toBe(false);
    expect(isLabelMapFile('seg.nrrd')).toBe(false);
    expect(isLabelMapFile('nii')).toBe(false);
  });
});

describe('maskFileName', () => {
  it('names the structure, the segmentation and the revision', () => {
    expect(maskFileName('totalsegmentator-total', 12, 3)).toBe('totalsegmentator-total-12-r3.nii.gz');
  });

  it('keeps file systems happy with any slug', () => {
    expect(maskFileName('our lesion/v2', 4, 1)).toBe('our-lesion-v2-4-r1.nii.gz');
  });

  it('names a DICOM SEG .dcm', () => {
    expect(maskFileName('totalsegmentator-total', 12, 3, 'seg')).toBe('totalsegmentator-total-12-r3.dcm');
  });
});

describe('revisionRows', () => {
  const revision = (n: number, reason: MaskRevision['reason']): MaskRevision => ({
    revision: n,
    reason,
    datatype: 'uint8',
    created_at: `2025-01-0${n}T10:00:00.000Z`,
    created_by_name: n === 1 ? null : 'Sam',
  });

  it('lists newest first, says each reason in words and marks the current one', () => {
    const rows = revisionRows(
      [revision(1, 'import'), revision(3, 'restore'), revision(2, 'remove-segment')],
      3,
    );
    expect(rows.map((r) => [r.revision, r.reasonText, r.current])).toEqual([
      [3, 'Restored', true],
      [2, 'Segment removed', false],
      [1, 'Imported', false],
    ]);
    expect(rows[2]?.created_by_name).toBeNull();
  });

  it('marks nothing current before the mask exists', () => {
    expect(revisionRows([revision(1, 'create')], null).map((r) => [r.reasonText, r.current])).toEqual([
      ['Created empty', false],
    ]);
  });
});
