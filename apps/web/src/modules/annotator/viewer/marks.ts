/**
 * `performance` marks of a volume's way to the screen, read by bench/annotator: bytes fetched, NIfTI
 * parsed, volume drawn (the render signal). Their times are since the page's navigation.
 */
export const MARKS = {
  fetched: 'annotator:fetched',
  parsed: 'annotator:parsed',
  shown: 'annotator:volume-shown',
} as const;
