/**
 * Fills a database with data of the performance issue's shape, by bulk INSERT … SELECT over
 * generate_series (the same SQL on PostgreSQL and on the embedded PGlite), with progress:
 *
 *   DATABASE_URL=postgres://… pnpm seed:large    # 100k members, 1M posts, 2M follows, 5M likes, 1M comments
 *   pnpm seed:small                              # 1/100 of it, on the embedded database in DATA_DIR
 *   … --scale 0.1                                # any other fraction
 *
 * The shape: accented names, interests, mixed post privacy (70 % public, 20 % followers, 10 %
 * private), 10 % media posts, power-law follows (member 1 has about 50k followers, members 2 and 3
 * about 25k each), ten prolific authors, comments nested three deep, the newest post with a
 * 200-comment thread, and the notifications all of that would have made. The last BENCH_MEMBERS
 * members have 2FA with a known secret and follow 500 members each: the benchmark signs in as them.
 * Seeding refuses a database that has members.
 *
 * Run with the app's environment (DATA_ENCRYPTION_KEY seals the benchmark members' secrets).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import { GENDER_OPTIONS, INTERESTS, SEXUALITY_OPTIONS } from '@kindred/contracts';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema.js';
import { searchKey } from '../apps/api/src/features/users/names.js';
import { deriveKey, sealSecret, TOTP_SECRET_PURPOSE } from '../apps/api/src/platform/secret-box.js';
import {
  BENCH_FOLLOWS_EACH,
  BENCH_MEMBERS,
  BENCH_TOTP_SECRET,
  LONG_THREAD_COMMENTS,
  SEEDED_PASSWORD,
  scaledShape,
  seededId,
  seededIdSql,
} from './seed-accounts.js';
import { FIRST_NAMES, LAST_NAMES } from './seed-names.js';

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '1' } },
});
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be a fraction in (0, 1]');
const shape = scaledShape(scale);

const CITIES: ReadonlyArray<readonly [string, string, number, number]> = [
  ['Pune', 'India', 18.52, 73.86],
  ['Berlin', 'Germany', 52.52, 13.4],
  ['São Paulo', 'Brazil', -23.55, -46.63],
  ['Tōkyō', 'Japan', 35.68, 139.69],
  ['Reykjavík', 'Iceland', 64.15, -21.94],
  ['Montréal', 'Canada', 45.5, -73.57],
  ['Zürich', 'Switzerland', 47.37, 8.54],
  ['Kraków', 'Poland', 50.06, 19.94],
  ['Auckland', 'New Zealand', -36.85, 174.76],
  ['Suva', 'Fiji', -18.14, 178.44],
  ['Tromsø', 'Norway', 69.65, 18.96],
  ['Lagos', 'Nigeria', 6.52, 3.38],
];

/** A SQL array literal of constants (the lists above; never member input). */
function sqlArray(values: readonly (string | number)[], type: 'text' | 'float8'): string {
  const items = values.map((value) =>
    typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`,
  );
  return `(ARRAY[${items.join(',')}]::${type}[])`;
}

/** Element `index` (any integer SQL expression) of a constant list, 0-based and wrapped. */
function pick(list: string, length: number, index: string): string {
  return `${list}[1 + ((${index}) % ${length})]`;
}

/** A well-spread non-negative integer from `n` and a salt (PostgreSQL's own integer hash). */
function hash(n: string, salt: number): string {
  return `abs(hashint8((${n})::bigint * 7919 + ${salt})::bigint)`;
}

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  // Every generated row refers only to rows generated before it, so the foreign-key triggers can
  // be skipped while loading (replica mode, per transaction): they would double the load time.
  const run = (text: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      await tx.execute(sql.raw('set local synchronous_commit = off'));
      await tx.execute(sql.raw(text));
    });
  const started = performance.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const stepStarted = performance.now();
    process.stdout.write(`${label}… `);
    await work();
    const seconds = (performance.now() - stepStarted) / 1000;
    console.log(`${seconds.toFixed(1)} s`);
  };

  try {
    await database.migrate();
    const existing = await database.db.$count(users);
    if (existing > 0) {
      throw new Error('This database already has members: seed an empty one.');
    }
    console.log(
      `Engine: ${database.engine}; seeding ${Object.entries(shape)
        .map(([name, count]) => `${count.toLocaleString('en')} ${name}`)
        .join(', ')}`,
    );

    const passwordHash = await bcrypt.hash(SEEDED_PASSWORD, config.bcryptCost);
    const first = sqlArray(FIRST_NAMES, 'text');
    const firstKey = sqlArray(FIRST_NAMES.map(searchKey), 'text');
    const last = sqlArray(LAST_NAMES, 'text');
    const lastKey = sqlArray(LAST_NAMES.map(searchKey), 'text');
    const firstIndex = hash('n', 1);
    const lastIndex = hash('n', 2);
    const member = (expression: string) => seededIdSql('member', expression);
    const { members, posts, follows, likes, comments } = shape;

    await step(`members (${members.toLocaleString('en')})`, () =>
      run(`
        insert into users (id, email, username, first_name, last_name, name_search, last_name_search,
          password_hash, email_verified_at, phone_number, phone_verified_at, status, plan,
          subscription_status, trial_end_date, last_login_at, created_at, updated_at)
        select ${member('n')}, 'member-' || n || '@seed.kindred.test', 'member-' || n || '@seed.kindred.test',
          ${pick(first, FIRST_NAMES.length, firstIndex)}, ${pick(last, LAST_NAMES.length, lastIndex)},
          ${pick(firstKey, FIRST_NAMES.length, firstIndex)} || ' ' || ${pick(lastKey, LAST_NAMES.length, lastIndex)},
          ${pick(lastKey, LAST_NAMES.length, lastIndex)},
          '${passwordHash}', now() - interval '1 day', '+1555' || lpad(n::text, 7, '0'), now() - interval '1 day',
          case when n % 100 = 50 then 'disabled' else 'active' end,
          (array['free','beginner','professional'])[1 + n % 3],
          case when n % 3 = 0 then 'trial' else 'active' end,
          case when n % 3 = 0 then now() + interval '30 days' else null end,
          now() - (${hash('n', 12)} % (60 * 24)) * interval '1 hour',
          now() - (n % 700) * interval '1 day', now()
        from generate_series(1, ${members}) as n`),
    );

    const cities = CITIES.length;
    await step('profiles', () =>
      run(`
        insert into profiles (user_id, age, gender, sexuality, bio, location_text, city, country,
          latitude, longitude, interests)
        select ${member('n')}, 18 + ${hash('n', 3)} % 50,
          ${pick(sqlArray(GENDER_OPTIONS, 'text'), GENDER_OPTIONS.length, hash('n', 4))},
          ${pick(sqlArray(SEXUALITY_OPTIONS, 'text'), SEXUALITY_OPTIONS.length, hash('n', 5))},
          'Seeded member ' || n,
          ${pick(
            sqlArray(
              CITIES.map((c) => `${c[0]}, ${c[1]}`),
              'text',
            ),
            cities,
            'n',
          )},
          ${pick(
            sqlArray(
              CITIES.map((c) => c[0]),
              'text',
            ),
            cities,
            'n',
          )},
          ${pick(
            sqlArray(
              CITIES.map((c) => c[1]),
              'text',
            ),
            cities,
            'n',
          )},
          ${pick(
            sqlArray(
              CITIES.map((c) => c[2]),
              'float8',
            ),
            cities,
            'n',
          )} + (${hash('n', 6)} % 2000 - 1000) / 10000.0,
          ${pick(
            sqlArray(
              CITIES.map((c) => c[3]),
              'float8',
            ),
            cities,
            'n',
          )} + (${hash('n', 7)} % 2000 - 1000) / 10000.0,
          array[${[8, 9, 10].map((salt) => pick(sqlArray(INTERESTS, 'text'), INTERESTS.length, hash('n', salt))).join(', ')}]::text[]
        from generate_series(1, ${members}) as n`),
    );

    // A profile picture each (rows only: the keys name no stored file), so every seeded profile
    // is finished and Discover has members to show.
    await step('profile pictures', () =>
      run(`
        insert into photos (user_id, position, storage_key, thumbnail_key, width, height, bytes,
          thumbnail_bytes, created_at)
        select ${member('n')}, 0, 'seed-photo-' || n || '.webp', 'seed-photo-' || n || '-thumb.webp',
          600, 800, 60000, 6000, now() - (n % 700) * interval '1 day'
        from generate_series(1, ${members}) as n`),
    );

    // Ten prolific authors write 5 % of the posts; post n is older the smaller n is.
    const author = `case when n % 20 = 0 then 1 + (n / 20) % 10 else 1 + ${hash('n', 11)} % ${members} end`;
    await step(`posts (${posts.toLocaleString('en')})`, () =>
      batches(posts, 200_000, (from, to) =>
        run(`
          insert into posts (id, author_id, title, description, privacy, media_key, media_type,
            media_mime, media_bytes, media_width, media_height, nsfw_score, created_at)
          select ${seededIdSql('post', 'n')}, ${member(author)},
            'Seeded post ' || n, 'A post written for the benchmark, number ' || n || '.',
            case when n % 10 < 7 then 'public' when n % 10 < 9 then 'followers' else 'private' end,
            case when n % 10 = 3 then 'seed/post-' || n || '.jpg' end,
            case when n % 10 = 3 then 'image' end,
            case when n % 10 = 3 then 'image/jpeg' end,
            case when n % 10 = 3 then 120000 end,
            case when n % 10 = 3 then 1080 end,
            case when n % 10 = 3 then 1080 end,
            -- Scored, as the classifier leaves an upload within seconds: unscored images would
            -- set every process started on the data to classifying 10 % of a million posts.
            case when n % 10 = 3 then 0.02 end,
            now() - (${posts} - n) * interval '30 seconds'
          from generate_series(${from}, ${to}) as n`),
      ),
    );

    // Power law: every 40th follow goes to member 1 and every 40th (offset) to members 2 and 3.
    const followee = `case when i % 40 = 0 then 1 when i % 40 = 20 then 2 + (i / 40) % 2 else 1 + ${hash('i', 13)} % ${members} end`;
    await step(`follows (${follows.toLocaleString('en')})`, () =>
      batches(follows, 500_000, (from, to) =>
        run(`
          insert into follows (follower_id, followee_id, created_at)
          select ${member('f')}, ${member('t')}, now() - (i % 1000) * interval '1 hour'
          from (select i, 1 + ${hash('i', 12)} % ${members} as f, ${followee} as t
                from generate_series(${from}, ${to}) as i) as pairs
          where f <> t
          on conflict do nothing`),
      ),
    );

    const firstBench = members - BENCH_MEMBERS + 1;
    await step(
      `benchmark members (${BENCH_MEMBERS}, following ${BENCH_FOLLOWS_EACH} each)`,
      async () => {
        await run(`
        insert into follows (follower_id, followee_id)
        select ${member('b')}, ${member('t')}
        from (select b, 1 + ${hash('b * 1000 + j', 14)} % ${members} as t
              from generate_series(${firstBench}, ${members}) as b,
                   generate_series(1, ${BENCH_FOLLOWS_EACH}) as j) as pairs
        where b <> t
        on conflict do nothing`);
        await run(`update users set status = 'active' where id in (
        select ${member('b')} from generate_series(${firstBench}, ${members}) as b)`);
        const key = deriveKey(config.dataEncryptionKey, TOTP_SECRET_PURPOSE);
        for (let n = firstBench; n <= members; n += 1) {
          const id = seededId('member', n);
          const sealed = sealSecret(key, BENCH_TOTP_SECRET, id);
          await database.db.execute(
            sql`update users set totp_secret_encrypted = ${sealed}, totp_enabled_at = now() where id = ${id}::uuid`,
          );
        }
      },
    );

    await step(`likes (${likes.toLocaleString('en')})`, () =>
      batches(likes, 500_000, (from, to) =>
        run(`
          insert into post_likes (post_id, user_id, created_at)
          select ${seededIdSql('post', `1 + ${hash('i', 15)} % ${posts}`)},
            ${member(`1 + ${hash('i', 16)} % ${members}`)}, now() - (i % 1000) * interval '1 minute'
          from generate_series(${from}, ${to}) as i
          on conflict do nothing`),
      ),
    );

    // Comments come in threes on one post: a comment, a reply to it, and a reply to the reply. The
    // first threads (LONG_THREAD_COMMENTS comments, rounded up to whole threads) go to the newest post.
    const thread = `((n - 1) / 3)`;
    const longThreads = Math.ceil(LONG_THREAD_COMMENTS / 3);
    const postOf = `case when ${thread} < ${longThreads} then ${posts} else 1 + ${hash(thread, 17)} % ${posts} end`;
    await step(`comments (${comments.toLocaleString('en')})`, () =>
      batches(comments, 200_000, (from, to) =>
        run(`
          insert into comments (id, post_id, author_id, parent_id, content, created_at)
          select ${seededIdSql('comment', 'n')}, ${seededIdSql('post', postOf)},
            ${member(`1 + ${hash('n', 18)} % ${members}`)},
            case when (n - 1) % 3 = 0 then null else ${seededIdSql('comment', 'n - 1')} end,
            'Seeded comment ' || n, now() - (${comments} - n) * interval '20 seconds'
          from generate_series(${from}, ${to}) as n`),
      ),
    );

    // Replica mode also skipped the counter triggers (migrations 0014, 0024, 0025 and 0027): fill
    // the counters from the rows loaded, as those migrations do for an existing database.
    await step('counters (followers, following, likes, comments)', async () => {
      await run(`
        insert into member_stats (user_id, followers_count, following_count)
        select id,
          (select count(*)::int from follows where followee_id = users.id),
          (select count(*)::int from follows where follower_id = users.id)
        from users
        on conflict (user_id) do update set
          followers_count = excluded.followers_count, following_count = excluded.following_count`);
      // "Hidden": users' visibility rule negated (disabled, suspended, email not verified).
      await run(`
        insert into post_stats (post_id, likes_count, hidden_likes_count)
        select l.post_id, count(*)::int,
          count(*) filter (where not (u.status = 'active' and u.email_verified_at is not null))::int
        from post_likes l join users u on u.id = l.user_id group by l.post_id
        on conflict (post_id) do update set likes_count = excluded.likes_count,
          hidden_likes_count = excluded.hidden_likes_count`);
      await run(`
        update comments set author_hidden = true from users
        where users.id = comments.author_id
          and not (users.status = 'active' and users.email_verified_at is not null)`);
      await run(`
        insert into post_stats (post_id, comments_count, hidden_comments_count)
        select c.post_id, count(*) filter (where c.deleted_at is null)::int, count(u.id)::int
        from comments c left join users u on u.id = c.author_id
          and not (u.status = 'active' and u.email_verified_at is not null)
        group by c.post_id
        on conflict (post_id) do update set comments_count = excluded.comments_count,
          hidden_comments_count = excluded.hidden_comments_count`);
    });

    // What the app would have told each member of the likes, follows and comments loaded
    // (notifications/service.ts): a post's likes gather into one item, a follow and a comment are
    // items of their own. A reply tells the parent comment's author, then the post's author, each
    // once and never the actor. Items whose newest action is over a day old have been read.
    const readIfOld = (at: string) => `case when ${at} < now() - interval '1 day' then ${at} end`;
    await step('notifications (likes, follows, comments)', async () => {
      await run(`
        with items as (
          insert into notifications (recipient_id, type, post_id, group_key, created_at, read_at)
          select p.author_id, 'like', p.id, 'like:' || p.id, max(l.created_at),
            ${readIfOld('max(l.created_at)')}
          from post_likes l join posts p on p.id = l.post_id
          where l.user_id <> p.author_id
          group by p.id, p.author_id
          returning id, post_id, recipient_id)
        insert into notification_actors (notification_id, actor_id, created_at)
        select items.id, l.user_id, l.created_at
        from items join post_likes l on l.post_id = items.post_id
        where l.user_id <> items.recipient_id`);
      await run(`
        with items as (
          insert into notifications (recipient_id, type, group_key, created_at, read_at)
          select followee_id, 'follow', 'follow:' || follower_id, created_at,
            ${readIfOld('created_at')}
          from follows
          returning id, group_key, created_at)
        insert into notification_actors (notification_id, actor_id, created_at)
        select id, substr(group_key, length('follow:') + 1)::uuid, created_at from items`);
      await run(`
        with told as (
          select c.id, c.post_id, c.author_id, c.created_at, 'reply' as type,
            parent.author_id as recipient_id
          from comments c join comments parent on parent.id = c.parent_id
          where parent.author_id <> c.author_id
          union all
          select c.id, c.post_id, c.author_id, c.created_at, 'comment', p.author_id
          from comments c join posts p on p.id = c.post_id
          left join comments parent on parent.id = c.parent_id
          where p.author_id <> c.author_id and parent.author_id is distinct from p.author_id),
        items as (
          insert into notifications
            (recipient_id, type, post_id, comment_id, group_key, created_at, read_at)
          select recipient_id, type, post_id, id, type || ':' || id, created_at,
            ${readIfOld('created_at')}
          from told
          returning id, comment_id, created_at)
        insert into notification_actors (notification_id, actor_id, created_at)
        select items.id, c.author_id, items.created_at
        from items join comments c on c.id = items.comment_id`);
    });

    // People You Follow's timelines (migration 0028), from the follows and posts loaded.
    await step('timelines', () => run('select timeline_fill()'));

    // A database in service has been vacuumed by autovacuum long since: its visibility map lets
    // index-only scans (search's capped count, the feeds' windows) skip the table. Freshly loaded
    // rows have none until a vacuum, so without one the benchmark would measure a state that
    // production only passes through.
    await step('vacuum and analyze', () => database.db.execute(sql.raw('vacuum analyze')));
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await database.close();
  }
}

/** Runs `work` over [1, total] in chunks, printing a dot per chunk. */
async function batches(
  total: number,
  size: number,
  work: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (let from = 1; from <= total; from += size) {
    await work(from, Math.min(total, from + size - 1));
    process.stdout.write('.');
  }
}

await main();
