/** The spec's success toasts for segments (teams-and-account.md 8), verbatim, typo included. */
export const SEGMENT_TOASTS = {
  created: 'Segment has been create',
  deleted: 'Segment has been deleted',
  renamed: (id: number) => `Segment #${id} has been renamed`,
  recoloured: 'Color has been updated',
} as const;
