import type { MemberSummary } from '@kindred/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { photos, users } from '../../db/schema.js';
import { mediaUrl } from '../media/index.js';
import { visibleApartFromBlocksWhere, visibleMembersWhere } from './visibility.js';

/**
 * How a member appears next to their content (post cards, comments, search, follower lists):
 * never more than this — no email, phone or coordinates. The shape lives in the contracts.
 */
export type { MemberSummary };

type BadgeFields = Pick<
  typeof users.$inferSelect,
  'emailVerifiedAt' | 'totpEnabledAt' | 'phoneVerifiedAt'
>;

/** Email, authenticator 2FA and phone all verified. */
export function hasVerifiedBadge(user: BadgeFields): boolean {
  return Boolean(user.emailVerifiedAt && user.totpEnabledAt && user.phoneVerifiedAt);
}

/** The columns a summary is made from; select them with `.leftJoin(photos, profilePictureJoin)`. */
export const memberSummaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerifiedAt: users.emailVerifiedAt,
  totpEnabledAt: users.totpEnabledAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  photoVerifiedAt: users.photoVerifiedAt,
  thumbnailKey: photos.thumbnailKey,
};

/** Joins a member's first photo (the profile picture). */
export const profilePictureJoin = and(eq(photos.userId, users.id), eq(photos.position, 0));

/**
 * A member's profile thumbnail, looked up by the member: a left join with `photos` was planned as
 * a hash join over every member's first photo (the members' estimate after the visibility rule is
 * a handful), 1,000 photos read for 20 summaries on the 1k-member seed.
 */
const profilePictureKey = sql<string | null>`(
  select first_photo.thumbnail_key from ${photos} first_photo
  where first_photo.user_id = ${users}.id and first_photo.position = 0
)`;

/**
 * Summaries of the given members that `viewerId` may see, in one query however many ids there
 * are. Missing or hidden ids are simply absent from the map.
 */
export async function loadMemberSummaries(
  db: Database,
  viewerId: string,
  ids: readonly string[],
  /** Also members hidden from the viewer only by a block (the viewer's own list of blocks). */
  { includeBlocked = false }: { includeBlocked?: boolean } = {},
): Promise<Map<string, MemberSummary>> {
  const unique = [...new Set(ids)];
  const summaries = new Map<string, MemberSummary>();
  if (unique.length === 0) return summaries;
  const rows = await db
    .select({ ...memberSummaryColumns, thumbnailKey: profilePictureKey })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        includeBlocked ? visibleApartFromBlocksWhere(viewerId) : visibleMembersWhere(viewerId),
      ),
    );
  for (const row of rows) summaries.set(row.id, toMemberSummary(row));
  return summaries;
}

/** The summary of a row carrying the member's names, badge fields and profile thumbnail key. */
export function toMemberSummary(
  row: BadgeFields & {
    id: string;
    firstName: string;
    lastName: string;
    thumbnailKey: string | null;
    photoVerifiedAt: Date | null;
  },
): MemberSummary {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePicture: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
    verifiedBadge: hasVerifiedBadge(row),
    photoVerified: row.photoVerifiedAt !== null,
  };
}
