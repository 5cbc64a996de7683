import { TRAINING_ONE_SERIES, TRAINING_TOO_FEW } from '@voxa/contracts';

/**
 * What the create page warns of before a start (decision 0095): fewer chosen segmentations than the model
 * asks for (saying how many), or all of them from one series. Nothing before the first is chosen. A
 * warning, not a refusal: the start stays possible.
 */
export function trainingSetWarnings(
  chosen: readonly { series: { uuid: string } }[],
  needed: number,
): string[] {
  if (chosen.length === 0) return [];
  const warnings: string[] = [];
  if (chosen.length < needed) warnings.push(TRAINING_TOO_FEW(chosen.length, needed));
  if (new Set(chosen.map((s) => s.series.uuid)).size === 1) warnings.push(TRAINING_ONE_SERIES);
  return warnings;
}
