import type { SeriesStatus, StudyStatus, UploadSeriesBody, UploadStudyBody } from '@voxa/contracts';

/**
 * What the server keeps of a study the page describes. With anonymize on, only what the de-identified
 * files themselves keep (docs/decisions/0014): the pseudonym, sex and modality, no dates, descriptions or
 * file names (a file name may carry the patient's).
 */
export function storedStudyData(study: UploadStudyBody, anonymize: boolean, bodyPart: string | null) {
  return {
    clientId: study.id,
    patientName: study.patientName,
    patientSex: study.patientSex,
    studyDate: anonymize ? null : study.studyDate,
    studyTime: anonymize ? null : study.studyTime,
    modality: study.modality,
    pipelineCode: study.pipelineCode,
    bodyPart,
    anonymize,
  };
}

/**
 * With anonymize on, the page's descriptions are not kept: the conversion puts those of the cleaned
 * outputs in their place (decision 0086), cleaned of the patient the received files name.
 */
export function storedSeriesData(series: UploadSeriesBody, anonymize: boolean) {
  return {
    clientId: series.id,
    type: series.type,
    seriesDescription: anonymize ? null : series.seriesDescription,
    protocolName: anonymize ? null : series.protocolName,
    cnt: series.cnt,
    numberOfFrames: series.numberOfFrames,
    rows: series.rows,
    columns: series.columns,
    files: anonymize ? [] : series.files,
  };
}

/** A study holds at most one reference series (section 4). */
export function referenceProblem(series: UploadSeriesBody[]): string | null {
  return series.filter((s) => s.ref_serie).length > 1
    ? 'Only one series per study may be the reference.'
    : null;
}

/** Section 4: a study is converted when at least one of its series is done, otherwise error. */
export function finalStudyStatus(series: SeriesStatus[]): StudyStatus {
  return series.includes('done') ? 'converted' : 'error';
}

/** Statuses of a series whose conversion runs: its upload session's files are still read. */
export const CONVERTING_STATUSES: readonly SeriesStatus[] = ['converting', 'generatingNii'];

/** Statuses a series can no longer leave. */
export const isSettled = (status: SeriesStatus) =>
  status === 'done' || status === 'error' || status === 'skipped';

/**
 * What the uploader hears once a study's upload has ended (decision 0041): converted, or finished with
 * errors, with how many series did what. The study goes by its code, never by the patient's name.
 */
export function conversionNotice(
  studyCode: string,
  series: SeriesStatus[],
): { typeCode: 'upload.conversion.done' | 'upload.conversion.error'; description: string } {
  const done = series.filter((s) => s === 'done').length;
  const failed = series.filter((s) => s === 'error').length;
  const sent = done + failed;
  if (failed === 0)
    return {
      typeCode: 'upload.conversion.done',
      description: `Study ${studyCode}: ${done} of ${sent} series converted`,
    };
  return {
    typeCode: 'upload.conversion.error',
    description: `Study ${studyCode}: ${failed} of ${sent} series failed to convert`,
  };
}
