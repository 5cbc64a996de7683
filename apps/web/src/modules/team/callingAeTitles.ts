import { aeTitleProblem, normalizeAeTitle } from '@voxa/contracts';

export type CallingAeTitlesChange = { ok: true; titles: string[] } | { ok: false; problem: string };

/**
 * The list with a typed title added as the server stores it (unpadded, in capitals), or why it cannot be:
 * the AE title rule the API applies, or a title already listed (the SCP compares without case).
 */
export function addCallingAeTitle(titles: readonly string[], typed: string): CallingAeTitlesChange {
  const problem = aeTitleProblem(typed);
  if (problem) return { ok: false, problem };
  const title = normalizeAeTitle(typed);
  if (titles.includes(title)) return { ok: false, problem: `${title} is listed already.` };
  return { ok: true, titles: [...titles, title] };
}

export function removeCallingAeTitle(titles: readonly string[], title: string): string[] {
  return titles.filter((t) => t !== title);
}
