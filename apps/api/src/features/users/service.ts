import { eq } from 'drizzle-orm';
import {
  SEARCH_LIMITS,
  USER_MESSAGES,
  type PrivacySettings,
  type PrivacySettingsUpdate,
  type SearchSuggestion,
  type Subscription,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { deleteMediaFiles } from '../media/index.js';
import { searchKey } from './names.js';
import { canManageAccount, canSeePrivateDetails } from './policy.js';
import { presentPublicUser } from './presenter.js';
import { privacySettingsOf, savePrivacySettings, showsLocationTo } from './privacy-settings.js';
import {
  findVisibleMemberWithProfile,
  lockMember,
  mediaKeysOf,
  photosOf,
  runSearch,
} from './repo.js';
import { presentSubscription } from './subscription.js';
import { toMemberSummary } from './summary.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** GET /users/{id}. A disabled member is "not found" to everyone else. */
export async function getMember(context: Ctx, viewerId: string, userId: string) {
  const found = await findVisibleMemberWithProfile(context.db, viewerId, userId);
  if (!found) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  const [photoRows, privacy] = await Promise.all([
    photosOf(context.db, userId),
    privacySettingsOf(context.db, userId),
  ]);
  const presented = presentPublicUser(
    viewerId,
    found.user,
    found.profile,
    photoRows,
    context.clock.now(),
  );
  if (!showsLocationTo(viewerId, userId, privacy)) presented.location = null;
  return presented;
}

/** GET /users/me/privacy. */
export async function getPrivacySettings(context: Ctx, userId: string): Promise<PrivacySettings> {
  return privacySettingsOf(context.db, userId);
}

/**
 * PUT /users/me/privacy. Pending follow requests stay as they are: switching from `approve` to
 * `everyone` does not accept them — the member still answers each (see the contracts).
 */
export async function updatePrivacySettings(
  context: Ctx,
  userId: string,
  settings: PrivacySettingsUpdate,
): Promise<PrivacySettings> {
  return savePrivacySettings(context.db, userId, settings, context.clock.now());
}

/** GET /users/{id}/subscription: the member's own only. */
export async function getSubscription(
  context: Ctx,
  viewerId: string,
  userId: string,
): Promise<Subscription> {
  if (!canSeePrivateDetails(viewerId, userId))
    throw forbidden('You can only view your own subscription');
  const [user] = await context.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  return presentSubscription(user, context.clock.now());
}

/** GET /users/search?searchText=: one page of suggestions and the total number of matches. */
export async function searchMembers(
  context: Ctx,
  searcherId: string,
  input: { text: string; page: number; limit: number },
): Promise<{ suggestions: SearchSuggestion[]; totalCount: number; totalCountCapped: boolean }> {
  if (searchKey(input.text) === '')
    return { suggestions: [], totalCount: 0, totalCountCapped: false };
  const page = {
    query: input.text,
    searcherId,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  };
  const rows = await runSearch(context.db, page);
  // Past the last page the count comes with the first match instead.
  const [counted] =
    rows.length > 0 || page.offset === 0
      ? rows
      : await runSearch(context.db, { ...page, limit: 1, offset: 0 });
  const total = counted?.total ?? 0;
  return {
    suggestions: rows.map(toMemberSummary),
    totalCount: Math.min(total, SEARCH_LIMITS.countCap),
    totalCountCapped: total > SEARCH_LIMITS.countCap,
  };
}

/**
 * GET /users/search?q=: a short list for @mention autocompletion — members who may be found and
 * who accept a mention from the searcher (their "who can mention me").
 */
export async function mentionCandidates(context: Ctx, searcherId: string, text: string) {
  if (searchKey(text) === '') return [];
  const rows = await runSearch(context.db, {
    query: text,
    searcherId,
    limit: SEARCH_LIMITS.mentionSize,
    offset: 0,
    mentionable: true,
  });
  return rows.map(toMemberSummary);
}

/**
 * POST /users/{id}/disable: hidden from search, profiles and summaries until the member signs in
 * again (sign-in re-enables the account); every session on every device ends.
 */
export async function disableAccount(
  context: Pick<AppContext, 'db' | 'clock' | 'sessionStore'>,
  viewerId: string,
  userId: string,
): Promise<void> {
  if (!canManageAccount(viewerId, userId)) throw forbidden(USER_MESSAGES.onlyOwnAccount);
  const now = context.clock.now();
  const updated = await context.db
    .update(users)
    .set({ status: 'disabled', disabledAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
  await context.sessionStore.destroyAllForUser(userId);
}

/**
 * DELETE /users/{id}: permanent. One transaction removes the member's row; the foreign keys
 * cascade to the profile, photos, posts, likes, follows, mentions, sessions and codes, while
 * comments on other members' posts stay with no author ("Deleted User"). The media keys are
 * collected first and the files removed after the commit (a rollback must not lose files).
 */
export async function deleteAccount(
  context: Pick<AppContext, 'db' | 'storage' | 'sessionStore' | 'logger'>,
  viewerId: string,
  userId: string,
): Promise<void> {
  if (!canManageAccount(viewerId, userId)) throw forbidden(USER_MESSAGES.onlyOwnAccount);
  const mediaKeys = await context.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) throw notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');
    const keys = await mediaKeysOf(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    return keys;
  });
  // The sessions rows went with the cascade; this also clears any cached state in the store.
  await context.sessionStore.destroyAllForUser(userId);
  await deleteMediaFiles(context.storage, context.logger, mediaKeys);
}
