import dcmjs, { type NaturalDataset } from 'dcmjs';
import type { PlacedInstance, SegFrame } from '@voxa/imaging';

/**
 * A binary DICOM Segmentation (SOP class 1.2.840.10008.5.1.4.1.1.66.4, PS3.3 A.51) written and read with
 * dcmjs's naturalized datasets (docs/decisions/0067). Pure: the caller places the frames.
 */
export const SEG_SOP_CLASS = '1.2.840.10008.5.1.4.1.1.66.4';

export type AlgorithmType = 'MANUAL' | 'SEMIAUTOMATIC' | 'AUTOMATIC';

export interface SegSegment {
  label: string;
  /** RecommendedDisplayCIELabValue (scaled to 0..65535). */
  lab: [number, number, number];
  algorithmType: AlgorithmType;
  /** Required for an (semi)automatic segment. */
  algorithmName?: string;
}

export interface SegContent {
  /** The series' first instance: the patient, study and frame of reference the SEG belongs to. */
  source: NaturalDataset;
  segments: SegSegment[];
  frames: SegFrame[];
  pixelData: Uint8Array;
  seriesDescription: string;
  creator: string;
  now: Date;
}

/** Attributes copied from the source instance (patient, study, frame of reference, equipment-free). */
const COPIED = [
  'SpecificCharacterSet',
  'PatientName',
  'PatientID',
  'PatientBirthDate',
  'PatientSex',
  'PatientIdentityRemoved',
  'DeidentificationMethod',
  'StudyInstanceUID',
  'StudyDate',
  'StudyTime',
  'StudyID',
  'AccessionNumber',
  'ReferringPhysicianName',
  'StudyDescription',
  'FrameOfReferenceUID',
] as const;

const code = (value: string, scheme: string, meaning: string) => [
  { CodeValue: value, CodingSchemeDesignator: scheme, CodeMeaning: meaning },
];
/** Voxa's segments are named by people, not coded: SNOMED CT's generic 'Anatomical structure' / 'Tissue'. */
const CATEGORY = code('91723000', 'SCT', 'Anatomical structure');
const PROPERTY_TYPE = code('85756007', 'SCT', 'Tissue');
const SOURCE_IMAGE_PURPOSE = code('121322', 'DCM', 'Source image for image processing operation');
const SEGMENTATION_DERIVATION = code('113076', 'DCM', 'Segmentation');
/** Tags of ReferencedSegmentNumber, SegmentIdentificationSequence, ImagePositionPatient, PlanePositionSequence. */
const AT = {
  segmentNumber: 0x0062000b,
  segmentIdentification: 0x0062000a,
  position: 0x00200032,
  planePosition: 0x00209113,
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dicomDate = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const dicomTime = (d: Date) => `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;

const instanceRef = (at: PlacedInstance) => ({
  ReferencedSOPClassUID: at.instance.sopClassUid,
  ReferencedSOPInstanceUID: at.instance.sopInstanceUid,
});

/** A frame's source image: the instance, and which of its frames when it has several. */
const sourceRef = (at: PlacedInstance) => ({
  ...instanceRef(at),
  ...(at.instance.frameNumber ? { ReferencedFrameNumber: at.instance.frameNumber } : {}),
});

/** Each referenced instance once, whatever number of its frames are placed. */
const referencedInstances = (placed: readonly PlacedInstance[]) => [
  ...new Map(placed.map((at) => [at.instance.sopInstanceUid, instanceRef(at)])).values(),
];

/** The SEG as a Part 10 file (Explicit VR Little Endian). */
export function writeSeg(content: SegContent, placed: readonly PlacedInstance[]): Uint8Array {
  const { uid } = dcmjs.data.DicomMetaDictionary;
  const first = content.frames[0]?.placed ?? placed[0];
  if (!first) throw new Error('A SEG needs at least one referenced instance');
  const dimensionUid = uid();
  const copied = Object.fromEntries(
    COPIED.filter((k) => content.source[k] !== undefined).map((k) => [k, content.source[k]]),
  );
  const dataset: NaturalDataset = {
    ...copied,
    SOPClassUID: SEG_SOP_CLASS,
    SOPInstanceUID: uid(),
    SeriesInstanceUID: uid(),
    Modality: 'SEG',
    SeriesNumber: 9000,
    SeriesDescription: content.seriesDescription.slice(0, 64),
    InstanceNumber: 1,
    Manufacturer: 'Voxa',
    ManufacturerModelName: 'Voxa',
    DeviceSerialNumber: '1',
    SoftwareVersions: '1',
    ContentLabel: 'SEGMENTATION',
    ContentDescription: content.seriesDescription.slice(0, 64),
    ContentCreatorName: { Alphabetic: content.creator.slice(0, 64) },
    ContentDate: dicomDate(content.now),
    ContentTime: dicomTime(content.now),
    SeriesDate: dicomDate(content.now),
    SeriesTime: dicomTime(content.now),
    PositionReferenceIndicator: '',
    ImageType: ['DERIVED', 'PRIMARY'],
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: first.instance.rows,
    Columns: first.instance.columns,
    BitsAllocated: 1,
    BitsStored: 1,
    HighBit: 0,
    PixelRepresentation: 0,
    LossyImageCompression: '00',
    SegmentationType: 'BINARY',
    NumberOfFrames: content.frames.length,
    ReferencedSeriesSequence: [
      {
        SeriesInstanceUID: content.source.SeriesInstanceUID,
        ReferencedInstanceSequence: referencedInstances(placed),
      },
    ],
    SegmentSequence: content.segments.map((s, i) => ({
      SegmentNumber: i + 1,
      SegmentLabel: s.label.slice(0, 64),
      SegmentAlgorithmType: s.algorithmType,
      ...(s.algorithmName ? { SegmentAlgorithmName: s.algorithmName.slice(0, 64) } : {}),
      SegmentedPropertyCategoryCodeSequence: CATEGORY,
      SegmentedPropertyTypeCodeSequence: PROPERTY_TYPE,
      RecommendedDisplayCIELabValue: s.lab,
    })),
    DimensionOrganizationSequence: [{ DimensionOrganizationUID: dimensionUid }],
    DimensionIndexSequence: [
      {
        DimensionOrganizationUID: dimensionUid,
        DimensionIndexPointer: AT.segmentNumber,
        FunctionalGroupPointer: AT.segmentIdentification,
        DimensionDescriptionLabel: 'ReferencedSegmentNumber',
      },
      {
        DimensionOrganizationUID: dimensionUid,
        DimensionIndexPointer: AT.position,
        FunctionalGroupPointer: AT.planePosition,
        DimensionDescriptionLabel: 'ImagePositionPatient',
      },
    ],
    SharedFunctionalGroupsSequence: [
      {
        PixelMeasuresSequence: [{ PixelSpacing: first.instance.pixelSpacing }],
      },
    ],
    PerFrameFunctionalGroupsSequence: content.frames.map((frame) => ({
      FrameContentSequence: [
        { DimensionIndexValues: [frame.segmentNumber, placed.indexOf(frame.placed) + 1] },
      ],
      PlanePositionSequence: [{ ImagePositionPatient: frame.placed.instance.imagePositionPatient }],
      PlaneOrientationSequence: [{ ImageOrientationPatient: frame.placed.instance.imageOrientationPatient }],
      SegmentIdentificationSequence: [{ ReferencedSegmentNumber: frame.segmentNumber }],
      DerivationImageSequence: [
        {
          SourceImageSequence: [
            { ...sourceRef(frame.placed), PurposeOfReferenceCodeSequence: SOURCE_IMAGE_PURPOSE },
          ],
          DerivationCodeSequence: SEGMENTATION_DERIVATION,
        },
      ],
    })),
    PixelData: [content.pixelData.slice().buffer],
    _vrMap: { PixelData: 'OB' },
    _meta: {},
  };
  return new Uint8Array(dcmjs.data.datasetToBuffer(dataset));
}

/** What an imported SEG holds, before it is placed on a series. */
export interface ReadSeg {
  rows: number;
  columns: number;
  segments: { number: number; label: string; lab: number[] | null }[];
  /** Per frame: its segment and the image it was drawn on (an instance, or a frame of one). */
  frames: { segmentNumber: number; sopInstanceUid: string; frameNumber: number | null }[];
  pixelData: Uint8Array;
}

export type SegRead = { ok: true; seg: ReadSeg } | { ok: false; error: string };

export const NOT_DICOM = 'The file is not a DICOM file.';
export const NOT_SEG = 'The file is not a DICOM Segmentation (SEG).';
export const NOT_BINARY = 'Only binary DICOM SEGs (1 bit per pixel) can be imported.';
export const NO_SOURCE = 'A frame of the SEG names no source image.';
const UNCOMPRESSED = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1', '1.2.840.10008.1.2.1.99']);

/** A sequence's items: dcmjs gives an array, or a lone item when the sequence has one. */
export const sequenceItems = (value: unknown): NaturalDataset[] =>
  Array.isArray(value)
    ? (value as NaturalDataset[])
    : value && typeof value === 'object'
      ? [value as NaturalDataset]
      : [];
const integer = (value: unknown): number | null => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) ? n : null;
};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A copy: a Buffer's `slice` is a view, and its ArrayBuffer may hold other bytes around it. */
const fileOf = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer;

/** Reads a SEG file; anything that is not a binary, uncompressed SEG with its frames' sources is refused. */
export function readSeg(bytes: Uint8Array): SegRead {
  let parsed;
  try {
    parsed = dcmjs.data.DicomMessage.readFile(fileOf(bytes));
  } catch {
    return { ok: false, error: NOT_DICOM };
  }
  const { naturalizeDataset } = dcmjs.data.DicomMetaDictionary;
  const meta = naturalizeDataset(parsed.meta);
  const ds = naturalizeDataset(parsed.dict);
  if (ds.SOPClassUID !== SEG_SOP_CLASS) return { ok: false, error: NOT_SEG };
  if (ds.SegmentationType !== 'BINARY' || integer(ds.BitsAllocated) !== 1)
    return { ok: false, error: NOT_BINARY };
  if (!UNCOMPRESSED.has(text(meta.TransferSyntaxUID)))
    return { ok: false, error: 'The SEG’s pixel data is compressed; send it uncompressed.' };
  const rows = integer(ds.Rows);
  const columns = integer(ds.Columns);
  const count = integer(ds.NumberOfFrames) ?? 1;
  if (!rows || !columns || count < 1) return { ok: false, error: 'The SEG has no frame size or no frames.' };
  const shared = sequenceItems(ds.SharedFunctionalGroupsSequence)[0] ?? {};
  const sharedSegment = integer(
    sequenceItems(shared.SegmentIdentificationSequence)[0]?.ReferencedSegmentNumber,
  );
  const perFrame = sequenceItems(ds.PerFrameFunctionalGroupsSequence);
  if (perFrame.length !== count) return { ok: false, error: 'The SEG describes fewer frames than it holds.' };
  const frames: ReadSeg['frames'] = [];
  for (const group of perFrame) {
    const segmentNumber =
      integer(sequenceItems(group.SegmentIdentificationSequence)[0]?.ReferencedSegmentNumber) ??
      sharedSegment;
    const source = sequenceItems(sequenceItems(group.DerivationImageSequence)[0]?.SourceImageSequence)[0];
    const sopInstanceUid = text(source?.ReferencedSOPInstanceUID);
    if (segmentNumber === null) return { ok: false, error: 'A frame of the SEG names no segment.' };
    if (!sopInstanceUid) return { ok: false, error: NO_SOURCE };
    frames.push({ segmentNumber, sopInstanceUid, frameNumber: integer(source?.ReferencedFrameNumber) });
  }
  const segments = sequenceItems(ds.SegmentSequence).map((s) => ({
    number: integer(s.SegmentNumber) ?? 0,
    label: text(s.SegmentLabel),
    lab: Array.isArray(s.RecommendedDisplayCIELabValue)
      ? (s.RecommendedDisplayCIELabValue as number[])
      : null,
  }));
  const numbers = new Set(segments.map((s) => s.number));
  if (!segments.length || numbers.size !== segments.length || numbers.has(0))
    return { ok: false, error: 'The SEG’s segments have no numbers, or the same number twice.' };
  if (frames.some((f) => !numbers.has(f.segmentNumber)))
    return { ok: false, error: 'A frame of the SEG names a segment the SEG does not describe.' };
  const data: unknown = Array.isArray(ds.PixelData) ? ds.PixelData[0] : ds.PixelData;
  const pixelData =
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
        : null;
  if (!pixelData) return { ok: false, error: 'The SEG has no pixel data.' };
  return { ok: true, seg: { rows, columns, segments, frames, pixelData } };
}
