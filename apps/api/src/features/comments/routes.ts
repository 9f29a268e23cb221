import {
  COMMENT_MESSAGES,
  CreateCommentSchema,
  CreateTopLevelCommentSchema,
  IdSchema,
  UpdateCommentSchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { assertActingAs, memberId, requireMember } from '../../http/auth.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import { editComment } from './edit.js';
import { addComment, deleteComment, listComments } from './service.js';

/** Comments on posts, under /api/posts. */
export function commentRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/posts/:postId/comments', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    const comments = await listComments(context, memberId(req), postId);
    res.json({ success: true, comments });
  });

  router.post(
    '/posts/:postId/comments',
    requireMember,
    limitPerMember(context.rateLimiters, 'commentPerMember'),
    async (req, res) => {
      const postId = parse(IdSchema, req.params.postId);
      const input = parseBody(CreateCommentSchema, req);
      const authorId = assertActingAs(req, input.userId);
      const comment = await addComment(context, authorId, postId, input);
      const message = input.parentCommentId ? COMMENT_MESSAGES.replyAdded : COMMENT_MESSAGES.added;
      res.status(201).json({ success: true, message, comment });
    },
  );

  // The older call for a top-level comment, with the post in the body.
  router.post(
    '/posts/comment',
    requireMember,
    limitPerMember(context.rateLimiters, 'commentPerMember'),
    async (req, res) => {
      const input = parseBody(CreateTopLevelCommentSchema, req);
      const authorId = assertActingAs(req, input.userId);
      const comment = await addComment(context, authorId, input.postId, { content: input.content });
      res.status(201).json({ success: true, message: COMMENT_MESSAGES.added, comment });
    },
  );

  // The edited comment alone (its `replies` are left empty: the thread around it is unchanged).
  router.patch('/posts/:postId/comments/:commentId', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    const commentId = parse(IdSchema, req.params.commentId);
    const { content } = parseBody(UpdateCommentSchema, req);
    const comment = await editComment(context, memberId(req), postId, commentId, content);
    res.json({ success: true, message: COMMENT_MESSAGES.updated, comment });
  });

  router.delete('/posts/:postId/comments/:commentId', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    const commentId = parse(IdSchema, req.params.commentId);
    await deleteComment(context, memberId(req), postId, commentId);
    res.json({ success: true, message: COMMENT_MESSAGES.deleted });
  });

  return router;
}
