/**
 * Dice as the inference tests measure it (2|A∩B| / (|A| + |B|)), per foreground class, over every voxel
 * given; the mean over the foreground classes present in either. None present anywhere: 1 (nothing to
 * find, nothing found).
 */
export function diceCounts(classes: number) {
  const [both, predicted, expected] = [0, 0, 0].map(() => new Array<number>(classes).fill(0)) as [
    number[],
    number[],
    number[],
  ];
  return {
    add(prediction: ArrayLike<number>, truth: ArrayLike<number>): void {
      for (let i = 0; i < truth.length; i++) {
        const [p, t] = [prediction[i] ?? 0, truth[i] ?? 0];
        predicted[p]! += 1;
        expected[t]! += 1;
        if (p === t) both[p]! += 1;
      }
    },
    mean(): number {
      const scores: number[] = [];
      for (let c = 1; c < classes; c++) {
        const sizes = (predicted[c] ?? 0) + (expected[c] ?? 0);
        if (sizes > 0) scores.push((2 * (both[c] ?? 0)) / sizes);
      }
      return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 1;
    },
  };
}

export function meanDice(prediction: ArrayLike<number>, truth: ArrayLike<number>, classes: number): number {
  const counts = diceCounts(classes);
  counts.add(prediction, truth);
  return counts.mean();
}
