import type { IntensityNormalisation } from '@voxa/contracts';

/**
 * The model's intensity normalisation, in place (nnU-Net's CT and z-score schemes): CT clips to the
 * training range and standardises with the training mean and deviation; z-score uses the channel's own;
 * none leaves the values.
 * Answers the lowest value after normalising (what a patch past the volume's end is filled with).
 */
export function normalise(values: Float32Array, scheme: IntensityNormalisation): number {
  let lowest = Infinity;
  if (scheme.kind === 'none') {
    for (let i = 0; i < values.length; i++) if ((values[i] ?? 0) < lowest) lowest = values[i] ?? 0;
    return lowest;
  }
  if (scheme.kind === 'ct') {
    const [lo, hi] = scheme.clip;
    const { mean, std } = scheme;
    for (let i = 0; i < values.length; i++) {
      const v = values[i] ?? 0;
      const normalised = ((v < lo ? lo : v > hi ? hi : v) - mean) / std;
      values[i] = normalised;
      if (normalised < lowest) lowest = normalised;
    }
    return lowest;
  }
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] ?? 0;
  const mean = sum / Math.max(1, values.length);
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += ((values[i] ?? 0) - mean) ** 2;
  // A flat channel would divide by zero; nnU-Net's floor.
  const std = Math.max(Math.sqrt(squares / Math.max(1, values.length)), 1e-8);
  for (let i = 0; i < values.length; i++) {
    const normalised = ((values[i] ?? 0) - mean) / std;
    values[i] = normalised;
    if (normalised < lowest) lowest = normalised;
  }
  return lowest;
}
