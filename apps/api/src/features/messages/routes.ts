import {
  ConversationPageQuerySchema,
  IdSchema,
  MESSAGE_IMAGE_FIELD,
  MESSAGE_MESSAGES,
  OpenConversationSchema,
  POST_IMAGE_MAX_BYTES,
  SendMessageSchema,
} from '@kindred/contracts';
import { Router, type RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { AppError, parse } from '../../http/errors.js';
import { receiveMultipart } from '../../http/uploads.js';
import { registerMessageEvents } from './live.js';
import {
  deleteMessage,
  listConversations,
  listMessages,
  markConversationRead,
  openConversation,
  sendMessage,
  unreadTotal,
} from './service.js';

/**
 * A message's image arrives as multipart/form-data (`image`, with `altText` and `text`); a text
 * message is plain JSON and takes no upload slot.
 */
function receiveMessageImage(context: AppContext): RequestHandler {
  const multipart = receiveMultipart({
    dataDir: context.config.dataDir,
    field: MESSAGE_IMAGE_FIELD,
    limits: { fileSize: POST_IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 6 },
    tooLarge: () => new AppError(413, MESSAGE_MESSAGES.imageTooLarge),
  });
  return (req, res, next) => {
    if (req.is('multipart/form-data')) multipart(req, res, next);
    else next();
  };
}

/** /api/conversations — the signed-in member's own conversations and messages. */
export function messageRoutes(context: AppContext): Router {
  registerMessageEvents();
  const router = Router();

  router.get('/conversations', requireMember, async (req, res) => {
    const query = parse(ConversationPageQuerySchema, req.query);
    res.json({ success: true, ...(await listConversations(context, memberId(req), query)) });
  });

  router.post('/conversations', requireMember, async (req, res) => {
    const { userId } = parseBody(OpenConversationSchema, req);
    const conversation = await openConversation(context, memberId(req), userId);
    res.json({ success: true, conversation });
  });

  router.get('/conversations/unread-count', requireMember, async (req, res) => {
    res.json({ success: true, unreadTotal: await unreadTotal(context, memberId(req)) });
  });

  router.get('/conversations/:id/messages', requireMember, async (req, res) => {
    const conversationId = parse(IdSchema, req.params.id);
    const query = parse(ConversationPageQuerySchema, req.query);
    const page = await listMessages(context, memberId(req), conversationId, query);
    res.json({ success: true, ...page });
  });

  router.post(
    '/conversations/:id/messages',
    requireMember,
    receiveMessageImage(context),
    async (req, res) => {
      const conversationId = parse(IdSchema, req.params.id);
      const input = parseBody(SendMessageSchema, req);
      const chatMessage = await sendMessage(
        context,
        memberId(req),
        conversationId,
        input,
        req.file,
      );
      res.status(201).json({ success: true, message: MESSAGE_MESSAGES.sent, chatMessage });
    },
  );

  router.post('/conversations/:id/read', requireMember, async (req, res) => {
    const conversationId = parse(IdSchema, req.params.id);
    const total = await markConversationRead(context, memberId(req), conversationId);
    res.json({ success: true, message: MESSAGE_MESSAGES.read, unreadTotal: total });
  });

  router.delete('/conversations/:id/messages/:messageId', requireMember, async (req, res) => {
    const conversationId = parse(IdSchema, req.params.id);
    const messageId = parse(IdSchema, req.params.messageId);
    const chatMessage = await deleteMessage(context, memberId(req), conversationId, messageId);
    res.json({ success: true, message: MESSAGE_MESSAGES.deleted, chatMessage });
  });

  return router;
}
