import { describe, expect, it } from 'vitest';
import { dicomEntries } from '../../test/dicom-entries';
import { groupDicom } from '../group/group-dicom';
import { isRepeatedInstanceReason } from '../group/skip-reasons';
import {
  bodyPartFromFile,
  sliceSpacingWarning,
  v1ConversionEnded,
  v1FileKind,
  v1ProcessingProblem,
  v1Result,
  v1SeriesCheckable,
  v1StartDisabled,
  v1StartsChecked,
} from './v1';

const categories = [
  { slug: 'chest', title: 'Chest' },
  { slug: 'head', title: 'Head' },
];

describe('V1 files', () => {
  it('allows dcm, zip, rar and tar.gz; ignores DICOMDIR and other extensions; no extension is DICOM', () => {
    expect(
      ['a.dcm', 'A.DCM', 'b.zip', 'c.rar', 'd.tar.gz', 'IM0001', 'x/DICOMDIR', 'e.txt', 'f.gz', 'g.nii'].map(
        v1FileKind,
      ),
    ).toEqual([
      'dcm',
      'dcm',
      'archive',
      'archive',
      'archive',
      'dcm',
      'ignored',
      'ignored',
      'ignored',
      'ignored',
    ]);
  });

  it('skips a repeated SOP instance and a DICOM without pixel data with the spec’s message (shared grouping)', () => {
    const [first, second] = dicomEntries('dicom/dcm_qa_ct/GE/');
    if (!first || !second) throw new Error('corpus missing');
    const copy = { ...first, file: { ...first.file, name: 'copy.dcm' } };
    const empty = {
      ...second,
      file: { ...second.file, name: 'empty.dcm' },
      header: { ...second.header, hasPixelData: false },
    };
    const grouped = groupDicom([first, copy, empty]);
    expect(grouped.studies.flatMap((s) => s.series).map((s) => s.cnt)).toEqual([1]);
    expect(grouped.skipped.map((s) => s.reason)).toEqual([
      `File copy.dcm repeats SOP instance ${first.header.sopInstanceUid} of an earlier file. Skipped.`,
      'File empty.dcm has no data part. Skipped.',
    ]);
    // The repeat is ignored; the file without pixel data counts as failed in the V1 result.
    expect(grouped.skipped.map((s) => isRepeatedInstanceReason(s.reason))).toEqual([true, false]);
  });

  it('groups instances without pixel data into their series when a receiver keeps every instance', () => {
    const [first, second] = dicomEntries('dicom/dcm_qa_ct/GE/');
    if (!first || !second) throw new Error('corpus missing');
    const report = {
      file: { ...second.file, name: 'report.dcm' },
      header: { ...second.header, hasPixelData: false, seriesInstanceUid: '2.25.7', modality: 'SR' },
    };
    const grouped = groupDicom([first, report], { withoutPixels: true });
    expect(grouped.skipped).toEqual([]);
    const series = grouped.studies.flatMap((s) => s.series);
    expect(series.map((s) => [s.modalityCode, s.cnt])).toEqual([
      ['CT', 1],
      ['SR', 1],
    ]);
  });
});

describe('V1 series', () => {
  it('enables the checkbox with more than 1 slice of equal orientation, or more than 1 frame', () => {
    expect(v1SeriesCheckable({ cnt: 2, numberOfFrames: 1, imageOrientationEqual: true })).toBe(true);
    expect(v1SeriesCheckable({ cnt: 2, numberOfFrames: 1, imageOrientationEqual: false })).toBe(false);
    expect(v1SeriesCheckable({ cnt: 1, numberOfFrames: 1, imageOrientationEqual: true })).toBe(false);
    expect(v1SeriesCheckable({ cnt: 1, numberOfFrames: 30, imageOrientationEqual: true })).toBe(true);
  });

  it('deselects series of 1 to 5 images without frames after parsing', () => {
    expect(v1StartsChecked({ cnt: 5, numberOfFrames: 1, imageOrientationEqual: true })).toBe(false);
    expect(v1StartsChecked({ cnt: 6, numberOfFrames: 1, imageOrientationEqual: true })).toBe(true);
    expect(v1StartsChecked({ cnt: 1, numberOfFrames: 40, imageOrientationEqual: true })).toBe(true);
  });

  it('warns when slice thickness differs from the table position spacing', () => {
    expect(sliceSpacingWarning({ sliceThickness: 5, tablePositionSpacing: 5 })).toBeNull();
    expect(sliceSpacingWarning({ sliceThickness: 5, tablePositionSpacing: null })).toBeNull();
    expect(sliceSpacingWarning({ sliceThickness: 5, tablePositionSpacing: 2.5 })).toMatch(/differs/);
  });
});

describe('V1 studies', () => {
  it('takes the body part from the file only when it is a category slug', () => {
    expect(bodyPartFromFile('CHEST', categories)).toBe('chest');
    expect(bodyPartFromFile('ABDOMEN', categories)).toBeNull();
    expect(bodyPartFromFile(null, categories)).toBeNull();
  });

  it('needs a body part on every study with a checked series, and something checked', () => {
    const checked = { checked: true };
    expect(v1ProcessingProblem([{ bodyPart: null, series: [{ checked: false }] }], categories)).toBe(
      'Nothing selected',
    );
    expect(v1ProcessingProblem([{ bodyPart: null, series: [checked] }], categories)).toBe('Missing bodypart');
    expect(v1ProcessingProblem([{ bodyPart: 'knee', series: [checked] }], categories)).toBe(
      'Missing bodypart',
    );
    expect(
      v1ProcessingProblem(
        [
          { bodyPart: 'head', series: [checked] },
          { bodyPart: null, series: [{ checked: false }] },
        ],
        categories,
      ),
    ).toBeNull();
  });

  it('keeps Start disabled while a study has no body part', () => {
    expect(v1StartDisabled([{ bodyPart: 'head' }, { bodyPart: null }])).toBe(true);
    expect(v1StartDisabled([{ bodyPart: 'head' }])).toBe(false);
    expect(v1StartDisabled([])).toBe(true);
  });
});

describe('V1 state and result', () => {
  it('reaches organize when converted plus failed equals the checked series', () => {
    expect(v1ConversionEnded(1, 0, 2)).toBe(false);
    expect(v1ConversionEnded(1, 1, 2)).toBe(true);
  });

  it('is Done! when all files succeed, Warning! when some fail, Oops! when all fail', () => {
    expect(v1Result({ succeeded: 3, failed: 0 })).toBe('done');
    expect(v1Result({ succeeded: 3, failed: 1 })).toBe('warning');
    expect(v1Result({ succeeded: 0, failed: 2 })).toBe('oops');
  });
});
