/** Sub-series of a converted series: its uuid, a dash and three digits (section 3, converted case). */
export function subSeriesUuid(seriesUuid: string, index: number): string {
  return `${seriesUuid}-${String(index).padStart(3, '0')}`;
}
