import type { OrganizeSeries, SeriesListItem } from '@voxa/contracts';
import { moveWithinAcquisition, renumberSort, toggleReference, type SortChange } from '@voxa/imaging';

/** The series of one acquisition code, in their order (upload-and-organize.md 4, Sort within an acquisition code). */
export interface AcquisitionGroup<T extends SeriesListItem> {
  acquisitionCode: string | null;
  series: T[];
}

const byOrder = (a: SeriesListItem, b: SeriesListItem) =>
  a.sort - b.sort ||
  (a.series_number ?? Number.MAX_SAFE_INTEGER) - (b.series_number ?? Number.MAX_SAFE_INTEGER) ||
  a.id - b.id;

/** Series grouped by acquisition code (codes in first-seen order), each group sorted as the server sorts. */
export function groupByAcquisition<T extends SeriesListItem>(series: readonly T[]): AcquisitionGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const s of series) groups.set(s.acquisition_code, [...(groups.get(s.acquisition_code) ?? []), s]);
  return [...groups].map(([acquisitionCode, members]) => ({
    acquisitionCode,
    series: [...members].sort(byOrder),
  }));
}

/** Ids as fixed-width text, so the imaging rules' text order of ids is their numeric order. */
const key = (id: number) => String(id).padStart(12, '0');

/** The imaging package's sort rules speak of upload series; a stored series maps onto them by id. */
const sortable = (s: SeriesListItem) => ({
  id: key(s.id),
  sort: s.sort,
  seriesNumber: s.series_number,
  acquisitionCode: s.acquisition_code ?? '',
});

/**
 * The sort changes that move a series one place up (-1) or down (+1) within its acquisition code: the
 * neighbour's place, the series between shifting by one, duplicates renumbered from 1 first. None at
 * either end.
 */
export function moveByStep(group: readonly SeriesListItem[], seriesId: number, step: -1 | 1): SortChange[] {
  const mapped = group.map(sortable);
  const ordered = [...renumberSort(mapped)].sort((a, b) => a.sort - b.sort);
  const index = ordered.findIndex((s) => s.id === key(seriesId));
  const neighbour = ordered[index + step];
  if (index < 0 || !neighbour) return [];
  return moveWithinAcquisition(mapped, key(seriesId), neighbour.sort);
}

/** The reference series after a click (section 4): the clicked one, or none when it was the reference. */
export function referenceAfterClick(series: readonly SeriesListItem[], clickedId: number): number | null {
  const study = {
    series: series.map((s) => ({
      id: key(s.id),
      acquisitionCode: s.acquisition_code ?? '',
      score: s.score ?? 0,
      ...(s.ref_serie ? { ref_serie: true as const } : {}),
    })),
  };
  const reference = toggleReference(study, key(clickedId)).series.find((s) => s.ref_serie);
  return reference ? Number(reference.id) : null;
}

/** Organize and Open are offered only for a series that is done and whose converted volume exists. */
export const isOpenable = (series: Pick<OrganizeSeries, 'status' | 'nifti'>) =>
  series.status === 'done' && series.nifti.length > 0;

/** Header fields of the spec's study detail (section 3) shown when the stored data holds them. */
export const HEADER_META = [
  'AcquisitionNumber',
  'AcquisitionTime',
  'BodyPartExamined',
  'ConversionSoftware',
  'ConvolutionKernel',
  'DeviceSerialNumber',
  'ImageComments',
  'ImageType',
  'InstitutionName',
  'Manufacturer',
  'Modality',
  'PatientPosition',
  'ProtocolName',
  'SeriesDescription',
  'SeriesNumber',
  'StationName',
  'XRayExposure',
] as const;

/** [title, key] pairs a view shows, first its own, then the header fields. */
export type MetaKeys = readonly (readonly [title: string, key: string])[];

/** The fields of `keys` that `data` holds as text, a number or a list of them, in that order. */
export function metaEntries(data: Record<string, unknown>, keys: MetaKeys): [string, string][] {
  const entries: [string, string][] = [];
  for (const [title, key] of [...keys, ...HEADER_META.map((k) => [k, k] as const)]) {
    const text = metaText(data[key]);
    if (text !== null && !entries.some(([t]) => t === title)) entries.push([title, text]);
  }
  return entries;
}

function metaText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => typeof v === 'string' || typeof v === 'number')
  )
    return value.join('\\');
  return null;
}
