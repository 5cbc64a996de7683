import { AiModelRuntime, TransferFunctionModality, type AiModelFilter } from '@voxa/contracts';

/** The list page's filter: everything but the short form. */
export type AiModelsFilter = Omit<AiModelFilter, 'i'>;

/** Reads ?search&modality&runtime; values the API would refuse are left out. */
export function filterFrom(params: URLSearchParams): AiModelsFilter {
  const filter: AiModelsFilter = {};
  const search = params.get('search')?.trim();
  const modality = TransferFunctionModality.safeParse(params.get('modality') ?? '');
  const runtime = AiModelRuntime.safeParse(params.get('runtime'));
  if (search) filter.search = search.slice(0, 100);
  if (modality.success) filter.modality = modality.data;
  if (runtime.success) filter.runtime = runtime.data;
  return filter;
}

/** The address of a filter, '' when there is none. */
export function filterSearch(filter: AiModelsFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.modality) params.set('modality', filter.modality);
  if (filter.runtime) params.set('runtime', filter.runtime);
  const text = params.toString();
  return text ? `?${text}` : '';
}
