import {
  CreatePostSchema,
  GeneralFeedQuerySchema,
  IdSchema,
  LikePostSchema,
  PageQuerySchema,
  POST_MESSAGES,
  UpdatePostSchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { assertActingAs, memberId, requireMember } from '../../http/auth.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { parse } from '../../http/errors.js';
import { editPost } from './edit.js';
import { createPost, deletePost, getPost, listPosts, toggleLike } from './service.js';
import { receivePostMedia } from './upload.js';

/** /api/posts — feeds, creating and deleting posts, likes. Comments live in features/comments. */
export function postRoutes(context: AppContext): Router {
  const router = Router();

  // The General tab. `?userId=` names the viewer, who must be the signed-in member.
  router.get('/posts', requireMember, async (req, res) => {
    const query = parse(GeneralFeedQuerySchema, req.query);
    const viewerId = assertActingAs(req, query.userId);
    const page = await listPosts(context, viewerId, { kind: 'general' }, query);
    res.json({ success: true, ...page });
  });

  // People You Follow: {id} is the viewer, who must be the signed-in member.
  router.get('/posts/following/:id', requireMember, async (req, res) => {
    const viewerId = assertActingAs(req, parse(IdSchema, req.params.id));
    const query = parse(PageQuerySchema, req.query);
    const page = await listPosts(context, viewerId, { kind: 'following' }, query);
    res.json({ success: true, ...page });
  });

  // A member's profile: {id} is the author; the viewer is the signed-in member.
  router.get('/posts/user/:id', requireMember, async (req, res) => {
    const authorId = parse(IdSchema, req.params.id);
    const query = parse(PageQuerySchema, req.query);
    const page = await listPosts(context, memberId(req), { kind: 'author', authorId }, query);
    res.json({ success: true, ...page });
  });

  // One post (a notification's link): the viewer is the signed-in member.
  router.get('/posts/:postId', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    const post = await getPost(context, memberId(req), postId);
    res.json({ success: true, post });
  });

  router.post(
    '/posts/create',
    requireMember,
    limitPerMember(context.rateLimiters, 'postCreatePerMember'),
    receivePostMedia(context),
    async (req, res) => {
      const input = parseBody(CreatePostSchema, req);
      const authorId = assertActingAs(req, input.userId);
      const post = await createPost(context, authorId, input, req.file);
      res.status(201).json({ success: true, message: POST_MESSAGES.created, post });
    },
  );

  router.post(
    '/posts/like',
    requireMember,
    limitPerMember(context.rateLimiters, 'likePerMember'),
    async (req, res) => {
      const input = parseBody(LikePostSchema, req);
      const actorId = assertActingAs(req, input.userId);
      const result = await toggleLike(context, actorId, input.postId);
      res.json({ success: true, ...result });
    },
  );

  router.patch('/posts/:postId', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    const edit = parseBody(UpdatePostSchema, req);
    const post = await editPost(context, memberId(req), postId, edit);
    res.json({ success: true, message: POST_MESSAGES.updated, post });
  });

  router.delete('/posts/:postId', requireMember, async (req, res) => {
    const postId = parse(IdSchema, req.params.postId);
    await deletePost(context, memberId(req), postId);
    res.json({ success: true, message: POST_MESSAGES.deleted });
  });

  return router;
}
