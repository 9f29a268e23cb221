import { IMAGE_SAFETY_MESSAGES, SensitiveMediaSettingsSchema } from '@kindred/contracts';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { parseBody } from '../../http/body.js';
import { memberId, requireMember } from '../../http/auth.js';
import { saveSensitiveMediaPreference, sensitiveMediaPreferenceOf } from './preferences.js';

/** /api/users/me/sensitive-media — Settings → "Sensitive content": blur, hide or show. */
export function imageSafetyRoutes(context: AppContext): Router {
  const router = Router();

  router.get('/users/me/sensitive-media', requireMember, async (req, res) => {
    const sensitiveMedia = await sensitiveMediaPreferenceOf(context.db, memberId(req));
    res.json({ success: true, sensitiveMedia });
  });

  router.put('/users/me/sensitive-media', requireMember, async (req, res) => {
    const { sensitiveMedia } = parseBody(SensitiveMediaSettingsSchema, req);
    const saved = await saveSensitiveMediaPreference(
      context.db,
      memberId(req),
      sensitiveMedia,
      context.clock.now(),
    );
    res.json({
      success: true,
      sensitiveMedia: saved,
      message: IMAGE_SAFETY_MESSAGES.preferenceSaved,
    });
  });

  return router;
}
