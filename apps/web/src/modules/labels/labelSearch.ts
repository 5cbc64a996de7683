import type { Label } from '@voxa/contracts';

/** Label search (section 5, V2): a case-insensitive filter on the name; an empty search keeps all. */
export function filterLabels(labels: Label[], search: string): Label[] {
  const needle = search.trim().toLowerCase();
  return needle ? labels.filter((label) => label.name.toLowerCase().includes(needle)) : labels;
}

/** 'Add new label' is offered when a search finds nothing. */
export function offersNewLabel(labels: Label[], search: string): boolean {
  return search.trim() !== '' && filterLabels(labels, search).length === 0;
}
