import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/api/src/db/client.js';

interface Counts {
  members: number;
  wrong_follow_counts: number;
  follows: number;
  wrong_like_counts: number;
  likes: number;
  wrong_comment_counts: number;
  comments: number;
  images: number;
  unscored_images: number;
  timeline_rows: number;
  wrong_timeline_rows: number;
  notifications: number;
  wrong_like_items: number;
  wrong_follow_items: number;
  wrong_comment_items: number;
  items_without_actor: number;
}

const tsx = path.join(import.meta.dirname, 'node_modules', '.bin', 'tsx');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-seed-test-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('seed', () => {
  it('leaves the counters, the timelines and the notifications equal to the rows it loaded, and no image waiting for the classifier', async () => {
    // The seed loads in replica mode, which also skips the counter triggers.
    await promisify(execFile)(tsx, ['seed.ts', '--scale', '0.01'], {
      cwd: import.meta.dirname,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    });
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      // Both engines' results carry `rows`.
      const { rows } = (await database.db.execute(sql`
        select
          (select count(*)::int from users) as members,
          (select count(*)::int from users u left join member_stats s on s.user_id = u.id
            where coalesce(s.followers_count, 0)
                    <> (select count(*) from follows where followee_id = u.id)
               or coalesce(s.following_count, 0)
                    <> (select count(*) from follows where follower_id = u.id)
          ) as wrong_follow_counts,
          (select count(*)::int from follows) as follows,
          (select count(*)::int from posts p left join post_stats s on s.post_id = p.id
            where coalesce(s.likes_count, 0)
                    <> (select count(*) from post_likes where post_id = p.id)
          ) as wrong_like_counts,
          (select count(*)::int from post_likes) as likes,
          (select count(*)::int from posts p left join post_stats s on s.post_id = p.id
            where coalesce(s.comments_count, 0)
                    <> (select count(*) from comments where post_id = p.id and deleted_at is null)
               or coalesce(s.hidden_likes_count, 0)
                    <> (select count(*) from post_likes l join users u on u.id = l.user_id
                        where l.post_id = p.id
                          and not (u.status = 'active' and u.email_verified_at is not null))
               or coalesce(s.hidden_comments_count, 0)
                    <> (select count(*) from comments c join users u on u.id = c.author_id
                        where c.post_id = p.id
                          and not (u.status = 'active' and u.email_verified_at is not null))
               or exists (select 1 from comments c left join users u on u.id = c.author_id
                          where c.post_id = p.id and c.author_hidden <> (u.id is not null
                            and not (u.status = 'active' and u.email_verified_at is not null)))
          ) as wrong_comment_counts,
          (select count(*)::int from comments) as comments,
          (select count(*)::int from posts where media_type = 'image') as images,
          (select count(*)::int from posts where media_type = 'image' and nsfw_score is null)
            as unscored_images,
          (select count(*)::int from timeline_entries) as timeline_rows,
          -- People You Follow's timelines: exactly the followed members' posts of its days,
          -- but those of members read at read time (migration 0028).
          (select count(*)::int from (
            (select f.follower_id, p.id from follows f
              join posts p on p.author_id = f.followee_id and p.created_at >= timeline_since()
              join member_stats s on s.user_id = f.followee_id and not s.timeline_pulled
             except select member_id, post_id from timeline_entries)
            union all
            (select member_id, post_id from timeline_entries
             except select f.follower_id, p.id from follows f
              join posts p on p.author_id = f.followee_id and p.created_at >= timeline_since()
              join member_stats s on s.user_id = f.followee_id and not s.timeline_pulled)
          ) as wrong) as wrong_timeline_rows,
          (select count(*)::int from notifications) as notifications,
          -- Each post's likes by others are its one like item's actors.
          (select count(*)::int from posts p
            where (select count(*) from post_likes l where l.post_id = p.id and l.user_id <> p.author_id)
               <> (select count(*) from notifications n join notification_actors a on a.notification_id = n.id
                   where n.post_id = p.id and n.type = 'like' and n.recipient_id = p.author_id)
               or (select count(*) from notifications n where n.post_id = p.id and n.type = 'like') > 1
          ) as wrong_like_items,
          (select count(*)::int from follows f
            where (select count(*) from notifications n join notification_actors a on a.notification_id = n.id
                   where n.recipient_id = f.followee_id and n.type = 'follow'
                     and n.group_key = 'follow:' || f.follower_id and a.actor_id = f.follower_id) <> 1
          ) as wrong_follow_items,
          -- A comment tells the parent comment's author and the post's author, once each, never its own.
          (select count(*)::int from comments c join posts p on p.id = c.post_id
            left join comments parent on parent.id = c.parent_id
            cross join lateral (
              select count(distinct told) as recipients
              from (values (parent.author_id), (p.author_id)) as v(told)
              where told is not null and told <> c.author_id) as expected
            where expected.recipients
                  <> (select count(*) from notifications n join notification_actors a on a.notification_id = n.id
                      where n.comment_id = c.id and a.actor_id = c.author_id
                        and n.recipient_id in (parent.author_id, p.author_id)
                        and n.type = case when n.recipient_id = parent.author_id then 'reply' else 'comment' end)
               or expected.recipients <> (select count(*) from notifications n where n.comment_id = c.id)
          ) as wrong_comment_items,
          (select count(*)::int from notifications n
            where not exists (select 1 from notification_actors a where a.notification_id = n.id)
          ) as items_without_actor`)) as unknown as { rows: Counts[] };
      const [counts] = rows;
      expect(counts).toMatchObject({
        wrong_follow_counts: 0,
        wrong_like_counts: 0,
        wrong_comment_counts: 0,
        wrong_timeline_rows: 0,
        wrong_like_items: 0,
        wrong_follow_items: 0,
        wrong_comment_items: 0,
        items_without_actor: 0,
      });
      // The notifications page reads what the likes, follows and comments would have made.
      expect(counts!.notifications).toBeGreaterThan(counts!.follows);
      expect(counts!.timeline_rows).toBeGreaterThan(100);
      expect(counts!.comments).toBeGreaterThan(1000);
      // At rest every image has been through the classifier: an unscored one would set every
      // process started on the data to classifying it, and the benchmark would measure that.
      expect(counts).toMatchObject({ unscored_images: 0 });
      expect(counts!.images).toBeGreaterThan(100);
      expect(counts!.follows).toBeGreaterThan(1000);
      expect(counts!.likes).toBeGreaterThan(1000);
    } finally {
      await database.close();
    }
  }, 120_000);
});
