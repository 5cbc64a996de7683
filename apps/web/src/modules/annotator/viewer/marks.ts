/**
 * `performance` marks of a volume's way to the screen, read by bench/annotator: the preview slice drawn,
 * bytes fetched, NIfTI parsed, volume drawn by NiiVue (the render signal, tools usable). Their times are
 * since the page's navigation.
 */
export const MARKS = {
  preview: 'annotator:preview-shown',
  fetched: 'annotator:fetched',
  parsed: 'annotator:parsed',
  shown: 'annotator:volume-shown',
} as const;
