/**
 * The comments of one post that the comment policy shows (posts/comment-visibility.ts), from every
 * comment of the post read with its author's `commentAuthorVisible`: a comment is shown when its
 * author is and its parent is shown — the rule `visible_comments` applies level by level, applied
 * to a thread read by its post in one index scan (issue 18). Order is kept.
 */
export function visibleThread<
  T extends { id: string; parentId: string | null; authorVisible: boolean },
>(rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = new Map<string, boolean>();
  for (const row of rows) {
    // Up the chain to a comment already decided, a hidden author or a top-level comment, without
    // recursion: a chain of replies can be as long as members make it.
    const chain: T[] = [];
    let current: T | undefined = row;
    let answer = false;
    while (current) {
      const known = shown.get(current.id);
      if (known !== undefined) {
        answer = known;
        break;
      }
      chain.push(current);
      if (!current.authorVisible) break;
      if (current.parentId === null) {
        answer = true;
        break;
      }
      // A parent outside the thread never happens (a reply is under its parent's post): hidden.
      current = byId.get(current.parentId);
    }
    for (const link of chain) shown.set(link.id, answer);
  }
  return rows.filter((row) => shown.get(row.id) === true);
}
