import { TransferFunctionKind, TransferFunctionModality, type TransferFunctionFilter } from '@voxa/contracts';

/** Reads ?kind&modality; values the API would refuse are left out. */
export function filterFrom(params: URLSearchParams): TransferFunctionFilter {
  const filter: TransferFunctionFilter = {};
  const kind = TransferFunctionKind.safeParse(params.get('kind'));
  const modality = TransferFunctionModality.safeParse(params.get('modality') ?? '');
  if (kind.success) filter.kind = kind.data;
  if (modality.success) filter.modality = modality.data;
  return filter;
}

/** The address of a filter, '' when there is none. */
export function filterSearch(filter: TransferFunctionFilter): string {
  const params = new URLSearchParams();
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.modality) params.set('modality', filter.modality);
  const text = params.toString();
  return text ? `?${text}` : '';
}
