import { labelsToSegFrames, placeInstances, type SourceInstance } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { NOT_DICOM, NOT_SEG, readSeg, writeSeg } from './seg-dataset';

const instances: SourceInstance[] = [0, 1].map((k) => ({
  sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
  sopInstanceUid: `1.2.3.${k}`,
  rows: 2,
  columns: 4,
  imagePositionPatient: [0, 0, k],
  imageOrientationPatient: [1, 0, 0, 0, 1, 0],
  pixelSpacing: [1, 1],
}));
const affine = [
  [-1, 0, 0, 0],
  [0, -1, 0, 0],
  [0, 0, 1, 0],
];

describe('writing and reading a binary SEG with dcmjs', () => {
  it('reads back the segments, the frames’ sources and the bits it wrote', () => {
    const placement = placeInstances(affine, [4, 2, 2], instances);
    if (!placement.ok) throw new Error(placement.error);
    const labels = Uint16Array.from([1, 0, 2, 2, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0]);
    const frames = labelsToSegFrames(labels, [4, 2, 2], placement.placed, [1, 2]);
    const bytes = writeSeg(
      {
        source: { PatientID: 'P1', StudyInstanceUID: '1.2.9', SeriesInstanceUID: '1.2.8' },
        segments: [
          { label: 'Liver', lab: [1, 2, 3], algorithmType: 'MANUAL' },
          { label: 'Spleen', lab: [4, 5, 6], algorithmType: 'AUTOMATIC', algorithmName: 'total' },
        ],
        ...frames,
        seriesDescription: 'Organs',
        creator: 'Ada',
        now: new Date('2026-01-02T03:04:05Z'),
      },
      placement.placed,
    );
    const read = readSeg(bytes);
    if (!read.ok) throw new Error(read.error);
    expect(read.seg).toMatchObject({
      rows: 2,
      columns: 4,
      segments: [
        { number: 1, label: 'Liver', lab: [1, 2, 3] },
        { number: 2, label: 'Spleen', lab: [4, 5, 6] },
      ],
      frames: [
        { segmentNumber: 1, sopInstanceUid: '1.2.3.0' },
        { segmentNumber: 2, sopInstanceUid: '1.2.3.0' },
        { segmentNumber: 2, sopInstanceUid: '1.2.3.1' },
      ],
    });
    expect([...read.seg.pixelData]).toEqual([...frames.pixelData]);
  });

  it('refuses what is not DICOM, or DICOM that is not a SEG', () => {
    expect(readSeg(new TextEncoder().encode('not DICOM'))).toEqual({ ok: false, error: NOT_DICOM });
    expect(readSeg(new Uint8Array(200))).toEqual({ ok: false, error: NOT_DICOM });
    expect(NOT_SEG).toContain('SEG');
  });
});
