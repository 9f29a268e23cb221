import {
  MarkNotificationsReadSchema,
  NOTIFICATION_MESSAGES,
  NotificationSettingsSchema,
  NotificationsQuerySchema,
} from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { memberId, requireMember } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { parse } from '../../http/errors.js';
import {
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  updateNotificationSettings,
} from './service.js';

/**
 * /api/notifications and /api/users/me/notification-settings — the signed-in member's own. Mounted
 * before the users' routes, so `/users/:id` never takes `me/notification-settings`.
 */
export function notificationRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/notifications', requireMember, async (req, res) => {
    const page = await listNotifications(
      context,
      memberId(req),
      parse(NotificationsQuerySchema, req.query),
    );
    res.json({ success: true, ...page });
  });

  router.post('/notifications/read', requireMember, async (req, res) => {
    const target = parseBody(MarkNotificationsReadSchema, req);
    const unreadCount = await markNotificationsRead(context, memberId(req), target);
    res.json({ success: true, message: NOTIFICATION_MESSAGES.markedRead, unreadCount });
  });

  router.get('/users/me/notification-settings', requireMember, async (req, res) => {
    const settings = await getNotificationSettings(context, memberId(req));
    res.json({ success: true, settings });
  });

  router.put('/users/me/notification-settings', requireMember, async (req, res) => {
    const input = parseBody(NotificationSettingsSchema, req);
    const settings = await updateNotificationSettings(context, memberId(req), input);
    res.json({ success: true, message: NOTIFICATION_MESSAGES.settingsSaved, settings });
  });

  return router;
}
