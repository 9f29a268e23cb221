import { describe, expect, it } from 'vitest';
import type { RankedMember } from './repo.js';
import {
  DiscoverSnapshots,
  MAX_STORED_MEMBERS,
  RANKED_CHUNK,
  SESSION_REUSE_MS,
  SNAPSHOT_KEEP_MS,
  SNAPSHOT_MAX_MEMBERS,
} from './snapshots.js';

/** A phase's full order: scores falling, ties broken by id, as the database answers it. */
function order(length: number): RankedMember[] {
  return Array.from({ length }, (_, i) => ({
    id: `member-${String(i).padStart(5, '0')}`,
    score: 1000 - Math.floor(i / 3),
  }));
}

/** `read` over a full order, counting the reads. */
function database(members: RankedMember[]) {
  const reads: Array<{ after?: RankedMember; limit: number }> = [];
  const read = async (after: RankedMember | undefined, limit: number) => {
    reads.push({ after, limit });
    const start = after ? members.findIndex((member) => member.id === after.id) + 1 : 0;
    return members.slice(start, start + limit);
  };
  return { reads, read };
}

const asOf = new Date('2026-11-26T10:00:00Z');

describe('Discover snapshots', () => {
  it('answers later pages from the stored part, reading the database once per chunk', async () => {
    const members = order(RANKED_CHUNK * 2 + 10);
    const { reads, read } = database(members);
    const snapshots = new DiscoverSnapshots();
    const pages: RankedMember[][] = [];
    let after: RankedMember | undefined;
    for (let page = 0; page < 20; page += 1) {
      const slice = await snapshots.next('phase', asOf, after, 25, read, asOf);
      pages.push(slice);
      after = slice.at(-1);
      if (slice.length < 25) break;
    }
    expect(pages.flat()).toEqual(members);
    // Three reads for 410 members in chunks of 200: the last one finds the end.
    expect(reads.map((r) => r.after?.id)).toEqual([
      undefined,
      members[RANKED_CHUNK - 1]!.id,
      members[2 * RANKED_CHUNK - 1]!.id,
    ]);
  });

  it('reads from the cursor when the stored part does not hold it (another process, evicted)', async () => {
    const members = order(500);
    const { reads, read } = database(members);
    const elsewhere = new DiscoverSnapshots();
    const slice = await elsewhere.next('phase', asOf, members[299], 10, read, asOf);
    expect(slice).toEqual(members.slice(300, 310));
    expect(reads).toHaveLength(1);
    // A cursor whose score differs from the stored one is not taken for the stored member.
    const moved = { ...members[305]!, score: members[305]!.score + 1 };
    await elsewhere.next('phase', asOf, moved, 10, read, asOf);
    expect(reads).toHaveLength(2);
  });

  it('reads again once the snapshot is older than it is kept, or for another snapshot time', async () => {
    const { reads, read } = database(order(50));
    const snapshots = new DiscoverSnapshots();
    await snapshots.next('phase', asOf, undefined, 10, read, asOf);
    await snapshots.next('phase', asOf, undefined, 10, read, new Date(asOf.getTime() + 1000));
    expect(reads).toHaveLength(1);
    await snapshots.next(
      'phase',
      asOf,
      undefined,
      10,
      read,
      new Date(asOf.getTime() + SNAPSHOT_KEEP_MS + 1),
    );
    expect(reads).toHaveLength(2);
    const later = new Date(asOf.getTime() + 5000);
    await snapshots.next('phase', later, undefined, 10, read, later);
    expect(reads).toHaveLength(3);
  });

  it('keeps at most SNAPSHOT_MAX_MEMBERS of a phase, and still answers past them in order', async () => {
    const members = order(SNAPSHOT_MAX_MEMBERS + 3 * RANKED_CHUNK);
    const { read } = database(members);
    const snapshots = new DiscoverSnapshots();
    const seen: RankedMember[] = [];
    let after: RankedMember | undefined;
    for (;;) {
      const slice = await snapshots.next('phase', asOf, after, 50, read, asOf);
      seen.push(...slice);
      after = slice.at(-1);
      if (slice.length < 50) break;
    }
    expect(seen).toEqual(members);
  });

  it('stores no member twice when pages of one session extend it at once', async () => {
    const members = order(RANKED_CHUNK * 3);
    const { read } = database(members);
    const slow = async (after: RankedMember | undefined, limit: number) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return read(after, limit);
    };
    const snapshots = new DiscoverSnapshots();
    const first = await snapshots.next('phase', asOf, undefined, 20, slow, asOf);
    const near = members[RANKED_CHUNK - 10]!;
    const [a, b] = await Promise.all([
      snapshots.next('phase', asOf, near, 30, slow, asOf),
      snapshots.next('phase', asOf, near, 30, slow, asOf),
    ]);
    expect(first).toEqual(members.slice(0, 20));
    const expected = members.slice(RANKED_CHUNK - 9, RANKED_CHUNK + 21);
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);
    const all = await snapshots.next('phase', asOf, undefined, members.length + 1, slow, asOf);
    expect(all).toEqual(members);
  });

  it('keeps at most MAX_STORED_MEMBERS in all, dropping the least recently used phases', async () => {
    const { read } = database(order(RANKED_CHUNK));
    const snapshots = new DiscoverSnapshots();
    const phases = Math.ceil(MAX_STORED_MEMBERS / RANKED_CHUNK) + 5;
    for (let phase = 0; phase < phases; phase += 1) {
      await snapshots.next(`phase ${phase}`, asOf, undefined, 10, read, asOf);
    }
    expect(snapshots.storedMembers).toBeLessThanOrEqual(MAX_STORED_MEMBERS);
    expect(snapshots.storedMembers).toBeGreaterThan(MAX_STORED_MEMBERS - RANKED_CHUNK);
  });

  it('continues a first page within a minute with the same boosts; a new one otherwise', () => {
    const snapshots = new DiscoverSnapshots();
    const first = snapshots.firstPage('viewer', asOf, ['b1']);
    expect(first.asOf).toEqual(asOf);
    const soon = new Date(asOf.getTime() + SESSION_REUSE_MS - 1);
    expect(snapshots.firstPage('viewer', soon, ['b1']).asOf).toEqual(asOf);
    // Another member boosted meanwhile: a new snapshot at once.
    expect(snapshots.firstPage('viewer', soon, ['b1', 'b2']).asOf).toEqual(soon);
    const late = new Date(soon.getTime() + SESSION_REUSE_MS);
    expect(snapshots.firstPage('viewer', late, ['b1', 'b2']).asOf).toEqual(late);
    // Sessions are apart: another viewer or other filters begin their own.
    expect(snapshots.firstPage('someone else', late, []).asOf).toEqual(late);
  });
});
