import type { DataSet } from 'dicom-parser';
import type { DicomHeader, RecognitionAttributes } from '../types';
import { holderOf } from './functional-groups';
import { MACRO, MEDIA_STORAGE_DIRECTORY_SOP_CLASS, TAG } from './tags';
import { valueReader, type BinaryVr, type ValueReader } from './values';

/** A reader for the data set holding `tag`: the top level, or a functional group macro of an enhanced object. */
type Lookup = (tag: string, macroTag: string) => ValueReader;

function lookupIn(ds: DataSet, utf8: boolean): Lookup {
  return (tag, macroTag) => valueReader(holderOf(ds, tag, macroTag), utf8);
}

function pair(values: number[] | null): [number, number] | null {
  return values && values.length >= 2 ? [values[0] as number, values[1] as number] : null;
}

function triple(values: number[] | null): [number, number, number] | null {
  return values && values.length >= 3
    ? [values[0] as number, values[1] as number, values[2] as number]
    : null;
}

/** CineRate when given, else derived from FrameTime (milliseconds per frame). */
function cineRate(read: ValueReader): number | null {
  const rate = read.number(TAG.CineRate);
  if (rate !== null && rate > 0) return rate;
  const frameTime = read.number(TAG.FrameTime);
  return frameTime !== null && frameTime > 0 ? 1000 / frameTime : null;
}

function recognitionAttributes(read: ValueReader, at: Lookup): RecognitionAttributes {
  const num = (tag: string, macroTag: string, binary?: BinaryVr) => at(tag, macroTag).number(tag, binary);
  return {
    contrastAgent: read.text(TAG.ContrastBolusAgent),
    contrastStartTime: read.text(TAG.ContrastBolusStartTime),
    contrastRoute: read.text(TAG.ContrastBolusRoute),
    acquisitionTime: read.text(TAG.AcquisitionTime) ?? read.text(TAG.AcquisitionDateTime),
    reconstructionTargetCenter: at(TAG.ReconstructionTargetCenterPatient, MACRO.CTReconstruction).numbers(
      TAG.ReconstructionTargetCenterPatient,
      'FD',
    ),
    scanningSequence: read.text(TAG.ScanningSequence),
    sequenceVariant: read.text(TAG.SequenceVariant),
    repetitionTime: num(TAG.RepetitionTime, MACRO.MRTimingAndRelatedParameters),
    echoTime: read.number(TAG.EchoTime) ?? num(TAG.EffectiveEchoTime, MACRO.MREcho, 'FD'),
    inversionTime: read.number(TAG.InversionTime) ?? num(TAG.InversionTimes, MACRO.MRModifier, 'FD'),
    diffusionBValue: num(TAG.DiffusionBValue, MACRO.MRDiffusion, 'FD'),
    diffusionGradientOrientation: read.numbers(TAG.DiffusionGradientOrientation, 'FD'),
  };
}

/** Every DicomHeader field from a parsed data set (meta group merged in, as dicom-parser returns it). */
export function headerFromDataSet(ds: DataSet): DicomHeader {
  const utf8 = (valueReader(ds, false).text(TAG.SpecificCharacterSet) ?? '').includes('ISO_IR 192');
  const read = valueReader(ds, utf8);
  const at = lookupIn(ds, utf8);
  const sopClassUid = read.text(TAG.SOPClassUID) ?? read.text(TAG.MediaStorageSOPClassUID);
  const window = (tag: string) => at(tag, MACRO.FrameVOILUT).number(tag);
  const rescale = (tag: string) => at(tag, MACRO.PixelValueTransformation);
  return {
    sopClassUid,
    sopInstanceUid: read.text(TAG.SOPInstanceUID) ?? read.text(TAG.MediaStorageSOPInstanceUID),
    transferSyntaxUid: read.text(TAG.TransferSyntaxUID),
    studyInstanceUid: read.text(TAG.StudyInstanceUID),
    seriesInstanceUid: read.text(TAG.SeriesInstanceUID),
    patientName: read.text(TAG.PatientName),
    patientSex: read.text(TAG.PatientSex),
    studyDate: read.text(TAG.StudyDate),
    studyTime: read.text(TAG.StudyTime),
    studyDescription: read.text(TAG.StudyDescription),
    bodyPartExamined: read.text(TAG.BodyPartExamined),
    modality: read.text(TAG.Modality),
    seriesNumber: read.number(TAG.SeriesNumber),
    seriesDescription: read.text(TAG.SeriesDescription),
    protocolName: read.text(TAG.ProtocolName),
    imageComments: read.text(TAG.ImageComments),
    imageType: read.texts(TAG.ImageType),
    instanceNumber: read.number(TAG.InstanceNumber),
    numberOfFrames: read.number(TAG.NumberOfFrames) ?? 1,
    rows: read.number(TAG.Rows, 'US'),
    columns: read.number(TAG.Columns, 'US'),
    sliceThickness: at(TAG.SliceThickness, MACRO.PixelMeasures).number(TAG.SliceThickness),
    pixelSpacing: pair(at(TAG.PixelSpacing, MACRO.PixelMeasures).numbers(TAG.PixelSpacing)),
    imagerPixelSpacing: pair(read.numbers(TAG.ImagerPixelSpacing)),
    imagePositionPatient: triple(
      at(TAG.ImagePositionPatient, MACRO.PlanePosition).numbers(TAG.ImagePositionPatient),
    ),
    imageOrientationPatient: at(TAG.ImageOrientationPatient, MACRO.PlaneOrientation).numbers(
      TAG.ImageOrientationPatient,
    ),
    sliceLocation: read.number(TAG.SliceLocation),
    windowCenter: window(TAG.WindowCenter),
    windowWidth: window(TAG.WindowWidth),
    rescaleIntercept: rescale(TAG.RescaleIntercept).number(TAG.RescaleIntercept),
    rescaleSlope: rescale(TAG.RescaleSlope).number(TAG.RescaleSlope),
    rescaleType: rescale(TAG.RescaleType).text(TAG.RescaleType),
    bitsStored: read.number(TAG.BitsStored, 'US'),
    bitsAllocated: read.number(TAG.BitsAllocated, 'US'),
    samplesPerPixel: read.number(TAG.SamplesPerPixel, 'US'),
    photometricInterpretation: read.text(TAG.PhotometricInterpretation),
    cineRate: cineRate(read),
    primaryAngle: read.number(TAG.PositionerPrimaryAngle),
    secondaryAngle: read.number(TAG.PositionerSecondaryAngle),
    recognition: recognitionAttributes(read, at),
    hasPixelData: [TAG.PixelData, TAG.FloatPixelData, TAG.DoubleFloatPixelData].some(
      (tag) => tag in ds.elements,
    ),
    isDicomDir: sopClassUid === MEDIA_STORAGE_DIRECTORY_SOP_CLASS,
  };
}
