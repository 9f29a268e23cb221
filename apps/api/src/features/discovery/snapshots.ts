import type { AppContext } from '../../context.js';
import type { CheckedCard, RankedMember, ViewerAndBoosts } from './repo.js';

/**
 * The ranked order of recent Discover paging sessions, kept in the API process, so that a page
 * reads the members it shows by id instead of scoring a whole distance band again.
 *
 * A phase's order depends only on the session (viewer, their place and interests, the filters),
 * the snapshot time and the phase, so a stored prefix of it is exactly what the database would
 * answer again. What may change meanwhile — blocks, passes, likes, matches, hidden or disabled
 * accounts, the filters' columns — is checked for every member shown, at each page (`checkedCards`).
 * A first page within `SESSION_REUSE_MS` of the viewer's previous one, with the same running
 * boosts, continues that snapshot: members who joined since appear at the next snapshot. Another
 * process, or an evicted snapshot, reads the order from the database at the cursor's snapshot
 * time: the same order, only slower. Two pages of one session at once may both read; neither
 * stores a member twice.
 *
 * The cards a session's pages checked are kept as well, for the next pages that show the same
 * members (the first page, mostly, read again): such a page reads only the members' `users` rows,
 * whose `card_version` says whether the rest of the card is still as it was (see `heldCard`).
 */

/** A first page this soon after the previous one continues its snapshot (unless boosts changed). */
export const SESSION_REUSE_MS = 60_000;
/** Snapshots older than this are read again from the database. */
export const SNAPSHOT_KEEP_MS = 30 * 60_000;
/** How many members of a phase's order one database read fetches (and a snapshot keeps at most). */
export const RANKED_CHUNK = 200;
export const SNAPSHOT_MAX_MEMBERS = 2_000;
/**
 * Bounds on memory (a stored member is about 150 bytes: 100,000 are about 15 MB): the least
 * recently used sessions and phases are dropped first.
 */
const MAX_SESSIONS = 10_000;
export const MAX_STORED_MEMBERS = 100_000;
/** Cards kept in all (a card with its key is under 1 KB: 20,000 are under 20 MB); the oldest go first. */
export const MAX_HELD_CARDS = 20_000;

interface Session {
  asOf: number;
  boostedIds: readonly string[];
}

interface PhaseOrder {
  asOf: number;
  /** Where the stored part begins: after this member (undefined: the phase's start). */
  startAfter?: RankedMember;
  members: RankedMember[];
  positions: Map<string, number>;
  /** The stored part reaches the phase's end. */
  complete: boolean;
}

/** A Map used as a least-recently-used store, bounded by the total weight of its values. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  private weights = 0;
  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value, without counting it as used. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value (again, when it has grown: its weight is taken anew). */
  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.weights += this.weigh(value);
    while (this.weights > this.capacity && this.entries.size > 1) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.weights -= this.weigh(value);
    this.entries.delete(key);
  }

  /** The total weight stored (for tests). */
  get weight(): number {
    return this.weights;
  }
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

function stored(
  asOf: Date,
  startAfter: RankedMember | undefined,
  members: RankedMember[],
  complete: boolean,
): PhaseOrder {
  return {
    asOf: asOf.getTime(),
    startAfter,
    members,
    positions: new Map(members.map((member, index) => [member.id, index])),
    complete,
  };
}

function samePlace(a: RankedMember | undefined, b: RankedMember | undefined): boolean {
  return a?.id === b?.id && a?.score === b?.score;
}

/** A first page now may continue the session's snapshot. */
function reusable(session: Session, now: Date, boostedNow: readonly string[]): boolean {
  return (
    now.getTime() - session.asOf < SESSION_REUSE_MS &&
    now.getTime() >= session.asOf &&
    sameMembers(session.boostedIds, boostedNow)
  );
}

/** The stored order is of this snapshot and not too old to use. */
function current(order: PhaseOrder, asOf: Date, now: Date): boolean {
  return order.asOf === asOf.getTime() && now.getTime() - order.asOf <= SNAPSHOT_KEEP_MS;
}

/** Where `after` lies in the stored part: -1 at its start; undefined outside it. */
function positionIn(order: PhaseOrder, after: RankedMember | undefined): number | undefined {
  if (samePlace(after, order.startAfter)) return -1;
  if (!after) return undefined;
  const index = order.positions.get(after.id);
  return index !== undefined && order.members[index]!.score === after.score ? index : undefined;
}

export class DiscoverSnapshots {
  private readonly sessions = new Recent<Session>(MAX_SESSIONS);
  private readonly phases = new Recent<PhaseOrder>(
    MAX_STORED_MEMBERS,
    (order) => order.members.length,
  );
  private readonly viewers = new Recent<ViewerAndBoosts>(MAX_SESSIONS);
  private readonly cards = new Recent<CheckedCard>(MAX_HELD_CARDS);

  /**
   * The card checked before under `key` (the session, the reach of the phase its member was
   * ranked in, and the member: the conditions it was checked under), if kept. It is the member's
   * card as long as their `card_version` is the one it carries.
   */
  heldCard(key: string): CheckedCard | undefined {
    return this.cards.peek(key);
  }

  holdCard(key: string, card: CheckedCard): void {
    this.cards.set(key, card);
  }

  /** What the viewer's previous page read of them (place, interests, running boosts), if kept. */
  lastViewer(viewerId: string): ViewerAndBoosts | undefined {
    return this.viewers.peek(viewerId);
  }

  rememberViewer(viewerId: string, viewer: ViewerAndBoosts): void {
    this.viewers.set(viewerId, viewer);
  }

  /** How many members the stored phases hold in all. */
  get storedMembers(): number {
    return this.phases.weight;
  }

  /**
   * The snapshot a first page uses: the session's previous one when it began less than
   * `SESSION_REUSE_MS` ago and the same members are boosted now as then; otherwise a new one.
   */
  firstPage(
    sessionKey: string,
    now: Date,
    boostedNow: readonly string[],
  ): { asOf: Date; boostedIds: readonly string[] } {
    const previous = this.sessions.get(sessionKey);
    if (previous && reusable(previous, now, boostedNow)) {
      return { asOf: new Date(previous.asOf), boostedIds: previous.boostedIds };
    }
    this.sessions.set(sessionKey, { asOf: now.getTime(), boostedIds: boostedNow });
    return { asOf: now, boostedIds: boostedNow };
  }

  /**
   * The snapshot `firstPage` would continue, without changing anything: undefined when it would
   * begin a new one.
   */
  peekFirstPage(
    sessionKey: string,
    now: Date,
    boostedNow: readonly string[],
  ): { asOf: Date; boostedIds: readonly string[] } | undefined {
    const previous = this.sessions.peek(sessionKey);
    return previous && reusable(previous, now, boostedNow)
      ? { asOf: new Date(previous.asOf), boostedIds: previous.boostedIds }
      : undefined;
  }

  /**
   * What `next` would answer when the stored part holds it, without reading or changing
   * anything; undefined when `next` would read.
   */
  peek(
    phaseKey: string,
    asOf: Date,
    after: RankedMember | undefined,
    count: number,
    now: Date,
  ): RankedMember[] | undefined {
    const order = this.phases.peek(phaseKey);
    if (!order || !current(order, asOf, now)) return undefined;
    const position = positionIn(order, after);
    if (position === undefined) return undefined;
    if (!order.complete && order.members.length - (position + 1) < count) return undefined;
    return order.members.slice(position + 1, position + 1 + count);
  }

  /**
   * Up to `count` members of a phase's order after `after`, from the stored prefix where it has
   * them, otherwise from `read` (which answers up to `limit` members after a place, in order);
   * what is read is stored. Fewer than `count` means the phase has no more.
   */
  async next(
    phaseKey: string,
    asOf: Date,
    after: RankedMember | undefined,
    count: number,
    read: (after: RankedMember | undefined, limit: number) => Promise<RankedMember[]>,
    now: Date,
  ): Promise<RankedMember[]> {
    let order = this.phases.get(phaseKey);
    if (order && !current(order, asOf, now)) {
      this.phases.delete(phaseKey);
      order = undefined;
    }
    let position = order && positionIn(order, after);
    if (!order || position === undefined) {
      const limit = Math.max(RANKED_CHUNK, count);
      const members = await read(after, limit);
      order = stored(asOf, after, members, members.length < limit);
      this.phases.set(phaseKey, order);
      position = -1;
    }
    if (!order.complete && order.members.length - (position + 1) < count) {
      // Stored again below, weighed with what it gains.
      this.phases.delete(phaseKey);
      while (!order.complete && order.members.length - (position + 1) < count) {
        const last = order.members.at(-1) ?? order.startAfter;
        const limit = Math.max(RANKED_CHUNK, count);
        const more = await read(last, limit);
        // Another page of the same session extended it meanwhile: look again.
        if ((order.members.at(-1) ?? order.startAfter) !== last) continue;
        if (order.members.length + more.length > SNAPSHOT_MAX_MEMBERS) {
          // Too long to keep: this page is answered from the read, which starts a new stored part.
          const rest: RankedMember[] = order.members.slice(position + 1);
          order = stored(asOf, after, [...rest, ...more], more.length < limit);
          position = -1;
          continue;
        }
        for (const member of more) {
          order.positions.set(member.id, order.members.length);
          order.members.push(member);
        }
        order.complete = more.length < limit;
      }
      this.phases.set(phaseKey, order);
    }
    return order.members.slice(position + 1, position + 1 + count);
  }
}

const perApp = new WeakMap<AppContext, DiscoverSnapshots>();

/** The app's snapshots (one store per app context, so independent apps share nothing). */
export function snapshotsOf(context: AppContext): DiscoverSnapshots {
  let snapshots = perApp.get(context);
  if (!snapshots) {
    snapshots = new DiscoverSnapshots();
    perApp.set(context, snapshots);
  }
  return snapshots;
}
