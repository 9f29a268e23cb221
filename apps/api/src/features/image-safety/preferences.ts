import { SENSITIVE_MEDIA_DEFAULT, type SensitiveMediaPreference } from '@kindred/contracts';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contentPreferences } from '../../db/schema.js';

/**
 * What a member sees of sensitive media (the `content_preferences` table, written only here). A
 * member without a row has the default, blur; the row is written the first time they save.
 */

export async function sensitiveMediaPreferenceOf(
  db: Executor,
  userId: string,
): Promise<SensitiveMediaPreference> {
  const [row] = await db
    .select({ sensitiveMedia: contentPreferences.sensitiveMedia })
    .from(contentPreferences)
    .where(eq(contentPreferences.userId, userId));
  return row?.sensitiveMedia ?? SENSITIVE_MEDIA_DEFAULT;
}

export async function saveSensitiveMediaPreference(
  db: Executor,
  userId: string,
  sensitiveMedia: SensitiveMediaPreference,
  now: Date,
): Promise<SensitiveMediaPreference> {
  const [row] = await db
    .insert(contentPreferences)
    .values({ userId, sensitiveMedia, updatedAt: now })
    .onConflictDoUpdate({
      target: contentPreferences.userId,
      set: { sensitiveMedia, updatedAt: now },
    })
    .returning({ sensitiveMedia: contentPreferences.sensitiveMedia });
  return row!.sensitiveMedia;
}

/**
 * SQL value: the member's saved choice, or null without a row (then SENSITIVE_MEDIA_DEFAULT) — for
 * a statement that reads it along with other things (a feed page reads it with its posts).
 */
export function sensitiveMediaPreferenceSql(
  userId: string | Placeholder,
): SQL<SensitiveMediaPreference | null> {
  return sql<SensitiveMediaPreference | null>`(
    select ${contentPreferences.sensitiveMedia} from ${contentPreferences}
    where ${contentPreferences.userId} = ${userId}
  )`;
}

/**
 * SQL condition: the viewer chose to hide sensitive media. Feeds add "and not (this and the post
 * is sensitive)" to their WHERE clause, so a hidden post never leaves the database.
 */
export function viewerHidesSensitiveMedia(viewerId: string | Placeholder): SQL {
  return sql`exists (
    select 1 from ${contentPreferences}
    where ${contentPreferences.userId} = ${viewerId}
      and ${contentPreferences.sensitiveMedia} = 'hide'
  )`;
}
