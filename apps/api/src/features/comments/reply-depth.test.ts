import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_DEPTH, type CommentDto } from '@kindred/contracts';
import { comments } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signedInUser } from '../../test/factories.js';
import { buildPost } from '../posts/test-factories.js';

/**
 * Issue 19, finding 9: a chain of replies had no depth limit (a 1000-deep chain took seconds to
 * render). The API nests at most COMMENT_MAX_DEPTH levels; deeper replies are listed beside the
 * comment they answer, saying whom they reply to.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function depthOf(list: CommentDto[], depth = 1): number {
  return Math.max(depth - 1, ...list.map((comment) => depthOf(comment.replies, depth + 1)));
}

function flatten(list: CommentDto[]): CommentDto[] {
  return list.flatMap((comment) => [comment, ...flatten(comment.replies)]);
}

/** A chain of `length` comments, each replying to the one before, alternating two authors. */
async function chain(length: number) {
  const a = await signedInUser(t.context, { firstName: 'Ada' });
  const b = await signedInUser(t.context, { firstName: 'Bo' });
  const post = await buildPost(t.context, a.user.id);
  const ids: string[] = [];
  const start = t.clock.now().getTime();
  for (let index = 0; index < length; index++) {
    const [row] = await t.context.db
      .insert(comments)
      .values({
        postId: post.id,
        authorId: index % 2 === 0 ? a.user.id : b.user.id,
        parentId: ids.at(-1) ?? null,
        content: `reply ${index}`,
        // Written in order; the ids alone would not say which came first.
        createdAt: new Date(start + index * 1000),
      })
      .returning({ id: comments.id });
    ids.push(row!.id);
  }
  return { a, b, post, ids };
}

describe('reply depth', () => {
  it(`nests at most ${COMMENT_MAX_DEPTH} levels; deeper replies sit beside their parent with replyingTo`, async () => {
    const { a, b, post, ids } = await chain(40);
    const res = await request(t.app).get(`/api/posts/${post.id}/comments`).set('Cookie', a.cookie);
    expect(res.status).toBe(200);
    const tree: CommentDto[] = res.body.comments;
    expect(depthOf(tree)).toBe(COMMENT_MAX_DEPTH);

    // Every comment is still there, once, in the order written.
    const all = flatten(tree);
    expect(all.map((comment) => comment._id)).toEqual(ids);

    // Down to depth 6 it nests as before, without replyingTo.
    let level = tree;
    for (let depth = 1; depth < COMMENT_MAX_DEPTH; depth++) {
      expect(level).toHaveLength(1);
      expect(level[0]!.replyingTo).toBeUndefined();
      level = level[0]!.replies;
    }
    // Depth 6 lists the rest of the chain side by side, each naming whom it answers.
    expect(level.map((comment) => comment.content)).toEqual(
      ids
        .slice(COMMENT_MAX_DEPTH - 1)
        .map((_id, index) => `reply ${index + COMMENT_MAX_DEPTH - 1}`),
    );
    expect(level[0]!.replyingTo).toBeUndefined();
    for (const [index, comment] of level.entries()) {
      if (index === 0) continue;
      expect(comment.replies).toEqual([]);
      const answered = (index + COMMENT_MAX_DEPTH - 2) % 2 === 0 ? a.user : b.user;
      expect(comment.replyingTo).toEqual({
        _id: answered.id,
        firstName: answered.firstName,
        lastName: answered.lastName,
      });
    }
  });

  it('answers a 1000-deep chain as a bounded tree', async () => {
    const { a, post } = await chain(1000);
    const res = await request(t.app).get(`/api/posts/${post.id}/comments`).set('Cookie', a.cookie);
    expect(res.status).toBe(200);
    expect(depthOf(res.body.comments)).toBe(COMMENT_MAX_DEPTH);
    expect(flatten(res.body.comments)).toHaveLength(1000);
  }, 120_000);
});
