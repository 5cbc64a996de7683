import type { RecognitionSeries, RecognitionStudy } from '@voxa/contracts';
import type { PageSeries, PageStudy } from './model';

/** Contract limits of POST /llm/prompts (packages/contracts/src/recognition.ts). */
const STUDIES_PER_REQUEST = 50;
const SERIES_PER_STUDY = 500;

/** Cuts a header value to the contract's length; an over-long one must not fail the whole request. */
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));
const vector = (values: number[] | null) => (values === null ? null : values.slice(0, 3));

/** Only DICOM series carry key header attributes (section 3); a NIfTI series has none to send. */
function recognitionSeries(series: PageSeries): RecognitionSeries | null {
  const header = series.recognition;
  if (!header) return null;
  return {
    id: series.id,
    modality: series.modalityCode.slice(0, 16),
    imageType: header.imageType.slice(0, 16).map((value) => value.slice(0, 64)),
    imageComments: clip(series.imageComments, 1024),
    protocolName: clip(series.protocolName, 256),
    seriesDescription: clip(series.seriesDescription, 256),
    contrastAgent: clip(header.contrastAgent, 256),
    contrastStartTime: clip(header.contrastStartTime, 32),
    contrastRoute: clip(header.contrastRoute, 64),
    acquisitionTime: clip(header.acquisitionTime, 32),
    sliceLocation: header.sliceLocation,
    reconstructionTargetCenter: vector(header.reconstructionTargetCenter),
    bodyPart: clip(header.bodyPart, 64),
    scanningSequence: clip(header.scanningSequence, 64),
    sequenceVariant: clip(header.sequenceVariant, 64),
    repetitionTime: header.repetitionTime,
    echoTime: header.echoTime,
    inversionTime: header.inversionTime,
    diffusionBValue: header.diffusionBValue,
    diffusionGradientOrientation: vector(header.diffusionGradientOrientation),
    cineRate: series.cineRate,
    primaryAngle: series.primaryAngle,
    secondaryAngle: series.secondaryAngle,
  };
}

/**
 * The studies to recognise, as POST /llm/prompts bodies of at most 50 studies: every study with a
 * DICOM series, sending its DICOM series only. Past 500 series a study sends its first 500; the others
 * keep their acquisitions.
 */
export function recognitionRequests(studies: PageStudy[]): RecognitionStudy[][] {
  const recognisable = studies.flatMap((study) => {
    const series = study.series
      .map(recognitionSeries)
      .filter((s): s is RecognitionSeries => s !== null)
      .slice(0, SERIES_PER_STUDY);
    return series.length > 0 ? [{ id: study.id, modality: study.modality, series }] : [];
  });
  const requests: RecognitionStudy[][] = [];
  for (let i = 0; i < recognisable.length; i += STUDIES_PER_REQUEST) {
    requests.push(recognisable.slice(i, i + STUDIES_PER_REQUEST));
  }
  return requests;
}
