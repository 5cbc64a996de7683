/** An id from the address (a path or query parameter), or null when absent or not a plain number. */
export const idParam = (raw: string | null | undefined): number | null =>
  raw != null && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
