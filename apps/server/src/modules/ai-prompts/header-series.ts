import type { RecognitionSeries } from '@voxa/contracts';
import type { DicomHeader } from '@voxa/imaging';

/** Cuts a header value to the contract's length, as the upload page does before sending it. */
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));
const vector = (values: number[] | null) => (values === null ? null : values.slice(0, 3));

/**
 * The key header attributes (upload-and-organize.md section 3) of a stored series, from its first DICOM
 * file: what the upload page would have sent for it. `modality` stands in when the header has none.
 */
export function recognitionSeriesFromHeader(
  id: string,
  header: DicomHeader,
  modality: string,
): RecognitionSeries {
  const r = header.recognition;
  return {
    id,
    modality: (header.modality ?? modality).slice(0, 16),
    imageType: header.imageType.slice(0, 16).map((value) => value.slice(0, 64)),
    imageComments: clip(header.imageComments, 1024),
    protocolName: clip(header.protocolName, 256),
    seriesDescription: clip(header.seriesDescription, 256),
    contrastAgent: clip(r.contrastAgent, 256),
    contrastStartTime: clip(r.contrastStartTime, 32),
    contrastRoute: clip(r.contrastRoute, 64),
    acquisitionTime: clip(r.acquisitionTime, 32),
    sliceLocation: header.sliceLocation,
    reconstructionTargetCenter: vector(r.reconstructionTargetCenter),
    bodyPart: clip(header.bodyPartExamined, 64),
    scanningSequence: clip(r.scanningSequence, 64),
    sequenceVariant: clip(r.sequenceVariant, 64),
    repetitionTime: r.repetitionTime,
    echoTime: r.echoTime,
    inversionTime: r.inversionTime,
    diffusionBValue: r.diffusionBValue,
    diffusionGradientOrientation: vector(r.diffusionGradientOrientation),
    cineRate: header.cineRate,
    primaryAngle: header.primaryAngle,
    secondaryAngle: header.secondaryAngle,
  };
}

/** A series stored without DICOM (a NIfTI upload): only what its row kept, the description and protocol. */
export function recognitionSeriesFromRow(
  id: string,
  row: { modality: string; seriesDescription: string | null; protocolName: string | null },
): RecognitionSeries {
  return {
    id,
    modality: row.modality.slice(0, 16),
    imageType: [],
    imageComments: null,
    protocolName: clip(row.protocolName, 256),
    seriesDescription: clip(row.seriesDescription, 256),
    contrastAgent: null,
    contrastStartTime: null,
    contrastRoute: null,
    acquisitionTime: null,
    sliceLocation: null,
    reconstructionTargetCenter: null,
    bodyPart: null,
    scanningSequence: null,
    sequenceVariant: null,
    repetitionTime: null,
    echoTime: null,
    inversionTime: null,
    diffusionBValue: null,
    diffusionGradientOrientation: null,
    cineRate: null,
    primaryAngle: null,
    secondaryAngle: null,
  };
}
