/**
 * The seeded data set's fixed facts, shared by the seed and the benchmark: how seeded rows are
 * identified and how the benchmark's members sign in. Seeded databases are for measurement only:
 * every seeded member has the same password and the benchmark members share one authenticator
 * secret, so never seed a database real members use.
 */

/** Member n's id: deterministic, so follows, likes and comments refer to members by number. */
export function seededId(kind: 'member' | 'post' | 'comment', n: number): string {
  const prefix = { member: '8000', post: '9000', comment: 'a000' }[kind];
  return `00000000-0000-4000-${prefix}-${n.toString(16).padStart(12, '0')}`;
}

/** The same id as SQL over an integer expression, for bulk INSERT … SELECT. */
export function seededIdSql(kind: 'member' | 'post' | 'comment', expression: string): string {
  const prefix = { member: '8000', post: '9000', comment: 'a000' }[kind];
  return `('00000000-0000-4000-${prefix}-' || lpad(to_hex(${expression}), 12, '0'))::uuid`;
}

export function seededEmail(n: number): string {
  return `member-${n}@seed.kindred.test`;
}

export const SEEDED_PASSWORD = 'Seeded-members-1';

/** Base32 authenticator secret of the benchmark members (the last BENCH_MEMBERS members). */
export const BENCH_TOTP_SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BANJ2W24DTEBXXMZLS';

/** Members at the end of the numbering who sign in during benchmarks; each follows 500 members. */
export const BENCH_MEMBERS = 50;
export const BENCH_FOLLOWS_EACH = 500;

/** Members 1–3 are the most followed (about 50k, 25k and 25k followers in the full set). */
export const MOST_FOLLOWED_MEMBER = 1;

/** The newest post carries the long thread (200 comments, nested three deep). */
export const LONG_THREAD_COMMENTS = 200;

export interface SeedShape {
  members: number;
  posts: number;
  follows: number;
  likes: number;
  comments: number;
}

/** The performance issue's data set: 100k members, 1M posts, 2M follows, 5M likes, 1M comments. */
export const FULL_SHAPE: SeedShape = {
  members: 100_000,
  posts: 1_000_000,
  follows: 2_000_000,
  likes: 5_000_000,
  comments: 1_000_000,
};

export function scaledShape(scale: number): SeedShape {
  const scaled = (value: number) => Math.max(1, Math.round(value * scale));
  return {
    members: Math.max(scaled(FULL_SHAPE.members), BENCH_MEMBERS + 10),
    posts: Math.max(scaled(FULL_SHAPE.posts), 1),
    follows: scaled(FULL_SHAPE.follows),
    likes: scaled(FULL_SHAPE.likes),
    comments: Math.max(scaled(FULL_SHAPE.comments), LONG_THREAD_COMMENTS),
  };
}
