import { labelsToSegFrames, placeInstances, type SourceInstance } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import dcmjs from 'dcmjs';
import { NOT_DICOM, NOT_SEG, readSeg, sequenceItems, writeSeg } from './seg-dataset';

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

const content = {
  source: { PatientID: 'P1', StudyInstanceUID: '1.2.9', SeriesInstanceUID: '1.2.8' },
  seriesDescription: 'Organs',
  creator: 'Ada',
  now: new Date('2026-01-02T03:04:05Z'),
};

describe('writing and reading a binary SEG with dcmjs', () => {
  it('reads back the segments, the frames’ sources and the bits it wrote', () => {
    const placement = placeInstances(affine, [4, 2, 2], instances);
    if (!placement.ok) throw new Error(placement.error);
    const labels = Uint16Array.from([1, 0, 2, 2, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0]);
    const frames = labelsToSegFrames(labels, [4, 2, 2], placement.placed, [1, 2]);
    const bytes = writeSeg(
      {
        ...content,
        segments: [
          { label: 'Liver', lab: [1, 2, 3], algorithmType: 'MANUAL' },
          { label: 'Spleen', lab: [4, 5, 6], algorithmType: 'AUTOMATIC', algorithmName: 'total' },
        ],
        ...frames,
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
        { segmentNumber: 1, sopInstanceUid: '1.2.3.0', frameNumber: null },
        { segmentNumber: 2, sopInstanceUid: '1.2.3.0', frameNumber: null },
        { segmentNumber: 2, sopInstanceUid: '1.2.3.1', frameNumber: null },
      ],
    });
    expect([...read.seg.pixelData]).toEqual([...frames.pixelData]);
  });

  it('names the frame of a multi-frame source image, and lists that instance once', () => {
    // One enhanced instance whose two frames are the two slices.
    const frames = instances.map((i, k) => ({ ...i, sopInstanceUid: '1.2.3.7', frameNumber: k + 1 }));
    const placement = placeInstances(affine, [4, 2, 2], frames);
    if (!placement.ok) throw new Error(placement.error);
    const labels = Uint16Array.from([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    const bytes = writeSeg(
      {
        ...content,
        segments: [{ label: 'Liver', lab: [1, 2, 3], algorithmType: 'MANUAL' }],
        ...labelsToSegFrames(labels, [4, 2, 2], placement.placed, [1]),
      },
      placement.placed,
    );
    const read = readSeg(bytes);
    if (!read.ok) throw new Error(read.error);
    expect(read.seg.frames).toEqual([
      { segmentNumber: 1, sopInstanceUid: '1.2.3.7', frameNumber: 1 },
      { segmentNumber: 1, sopInstanceUid: '1.2.3.7', frameNumber: 2 },
    ]);
    const ds = dcmjs.data.DicomMetaDictionary.naturalizeDataset(
      dcmjs.data.DicomMessage.readFile(bytes.slice().buffer).dict,
    );
    const referenced = sequenceItems(
      sequenceItems(ds.ReferencedSeriesSequence)[0]?.ReferencedInstanceSequence,
    );
    expect(referenced.map((r) => r.ReferencedSOPInstanceUID)).toEqual(['1.2.3.7']);
  });

  it('refuses what is not DICOM, or DICOM that is not a SEG', () => {
    expect(readSeg(new TextEncoder().encode('not DICOM'))).toEqual({ ok: false, error: NOT_DICOM });
    expect(readSeg(new Uint8Array(200))).toEqual({ ok: false, error: NOT_DICOM });
    expect(NOT_SEG).toContain('SEG');
  });
});
