/** The @mention being typed at the caret: where its '@' is and what follows it so far. */
export interface MentionQuery {
  start: number;
  query: string;
}

/**
 * The mention typed just before `caret`: an '@' at the start or after a space or punctuation, followed by
 * up to 40 characters without a line break or another '@'. Names hold spaces, so a space does not end it.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1) return null;
  if (start > 0 && /[\p{L}\p{N}_]/u.test(before[start - 1] ?? '')) return null;
  const query = before.slice(start + 1);
  if (query.length > 40 || /[\n@]/.test(query)) return null;
  return { start, query };
}

/** The members whose name starts with the query, or has a word that does (case-insensitive). */
export function mentionOptions<M extends { name: string }>(members: readonly M[], query: string): M[] {
  const q = query.trim().toLowerCase();
  return members.filter((m) => {
    const name = m.name.toLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  });
}

/** The text with the mention at `at` replaced by '@Name ', and the caret after it. */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  return {
    text: text.slice(0, at.start) + inserted + text.slice(caret),
    caret: at.start + inserted.length,
  };
}
