import { studyModality } from '../rules/study';
import type { FileRef } from '../types';
import type { UploadSeries, UploadStudy } from '../upload-model';
import { buildSeries, type DicomEntry } from './series';
import { skipReason } from './skip-reasons';

export interface SkippedFile {
  file: FileRef;
  reason: string;
}

export interface GroupedDicom {
  studies: UploadStudy[];
  skipped: SkippedFile[];
}

/** DICOM PN to display text: components (family^given^middle^prefix^suffix) joined by spaces, first group only. */
export function personNameText(name: string | null): string {
  const alphabetic = (name ?? '').split('=')[0] ?? '';
  return alphabetic
    .split('^')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

export interface GroupOptions {
  /**
   * Instances without pixel data (reports, key objects, presentation states, waveforms) make series too:
   * a DICOM receiver keeps every instance it accepts, converted or not (docs/decisions/0091).
   */
  withoutPixels?: boolean;
}

/** Files that make no series (directories, no pixel data, no UIDs, a repeated SOP instance), with reasons. */
function partition(
  entries: DicomEntry[],
  options: GroupOptions,
): { images: DicomEntry[]; skipped: SkippedFile[] } {
  const images: DicomEntry[] = [];
  const skipped: SkippedFile[] = [];
  const instances = new Set<string>();
  for (const entry of entries) {
    const { file, header } = entry;
    const skip = (reason: string) => skipped.push({ file, reason });
    if (header.isDicomDir) skip(skipReason.directory(file.name));
    else if (!header.hasPixelData && !options.withoutPixels) skip(skipReason.noPixelData(file.name));
    else if (!header.studyInstanceUid || !header.seriesInstanceUid) skip(skipReason.noUids(file.name));
    else if (header.sopInstanceUid && instances.has(header.sopInstanceUid)) {
      // The same instance twice (e.g. one image in several transfer syntaxes) would be a doubled slice.
      skip(skipReason.repeatedInstance(file.name, header.sopInstanceUid));
    } else {
      if (header.sopInstanceUid) instances.add(header.sopInstanceUid);
      images.push(entry);
    }
  }
  return { images, skipped };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function bySeriesNumber(a: Omit<UploadSeries, 'sort'>, b: Omit<UploadSeries, 'sort'>): number {
  if (a.seriesNumber !== b.seriesNumber) {
    if (a.seriesNumber === null) return 1;
    if (b.seriesNumber === null) return -1;
    return a.seriesNumber - b.seriesNumber;
  }
  return a.id.localeCompare(b.id);
}

function buildStudy(studyInstanceUid: string, entries: DicomEntry[]): UploadStudy {
  const seriesGroups = groupBy(entries, (e) => e.header.seriesInstanceUid as string);
  const series = [...seriesGroups]
    .map(([id, seriesEntries]) => buildSeries(id, seriesEntries))
    .sort(bySeriesNumber)
    .map((s, index): UploadSeries => ({ ...s, sort: index + 1 }));
  const first = (entries[0] as DicomEntry).header;
  const patientName = personNameText(first.patientName);
  return {
    id: studyInstanceUid,
    studyInstanceUid,
    patientName,
    originalPatientName: patientName,
    patientSex: first.patientSex,
    studyDate: first.studyDate,
    studyTime: first.studyTime,
    modality: studyModality(series.map((s) => s.modalityCode)),
    anonymize: true,
    dirty: false,
    edit: false,
    series,
  };
}

/**
 * Groups read DICOM headers into studies (StudyInstanceUID) and series (SeriesInstanceUID), in the
 * order studies first appear. Files that cannot form a series are returned in `skipped` with a reason.
 */
export function groupDicom(entries: DicomEntry[], options: GroupOptions = {}): GroupedDicom {
  const { images, skipped } = partition(entries, options);
  const studies = [...groupBy(images, (e) => e.header.studyInstanceUid as string)].map(
    ([uid, studyEntries]) => buildStudy(uid, studyEntries),
  );
  return { studies, skipped };
}
