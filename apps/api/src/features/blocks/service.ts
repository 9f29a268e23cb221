import {
  POST_MESSAGES,
  USER_MESSAGES,
  type PageQuery,
  type RestrictedMember,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/concurrency.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { badRequest, notFound } from '../../http/errors.js';
import { endConnectionsBetween } from '../connections/index.js';
import { loadMemberSummaries } from '../users/index.js';
import { assertMayBlock, assertMayMute } from './policy.js';
import {
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  memberExistsApartFromBlocks,
  memberVisibleTo,
  muteExists,
  pageBlocked,
  pageMuted,
  type RestrictionRow,
} from './repo.js';

/** Blocking and muting: the domain logic behind /api/blocks and /api/mutes. */

const memberNotFound = () => notFound(USER_MESSAGES.notFound, 'MEMBER_NOT_FOUND');

/**
 * Blocks the member: in one transaction the block is recorded and every follow between the two
 * (both ways) and any pending follow request between them ends. Blocking twice changes nothing.
 */
export async function blockMember(
  context: AppContext,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  assertMayBlock(blockerId, blockedId);
  try {
    await context.db.transaction(async (tx) => {
      if (!(await memberExistsApartFromBlocks(tx, blockerId, blockedId))) throw memberNotFound();
      await insertBlock(tx, blockerId, blockedId, context.clock.now());
      await endConnectionsBetween(tx, blockerId, blockedId);
    });
  } catch (error) {
    // The member's account was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw memberNotFound();
    throw error;
  }
}

/** Lifts the viewer's block of the member; nothing to lift is fine, an unknown member is not. */
export async function unblockMember(
  context: AppContext,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  if (await deleteBlock(context.db, blockerId, blockedId)) return;
  if (!(await memberExistsApartFromBlocks(context.db, blockerId, blockedId))) {
    throw memberNotFound();
  }
}

/** Mutes a member the viewer may see; muting twice changes nothing. */
export async function muteMember(
  context: AppContext,
  muterId: string,
  mutedId: string,
): Promise<void> {
  assertMayMute(muterId, mutedId);
  if (!(await memberVisibleTo(context.db, muterId, mutedId))) throw memberNotFound();
  try {
    await insertMute(context.db, muterId, mutedId, context.clock.now());
  } catch (error) {
    if (isForeignKeyViolation(error)) throw memberNotFound();
    throw error;
  }
}

export async function unmuteMember(
  context: AppContext,
  muterId: string,
  mutedId: string,
): Promise<void> {
  if (await deleteMute(context.db, muterId, mutedId)) return;
  if (!(await memberVisibleTo(context.db, muterId, mutedId))) throw memberNotFound();
}

/** Whether the viewer mutes a member they may see. */
export async function isMuted(
  context: AppContext,
  muterId: string,
  mutedId: string,
): Promise<boolean> {
  if (!(await memberVisibleTo(context.db, muterId, mutedId))) throw memberNotFound();
  return muteExists(context.db, muterId, mutedId);
}

export interface RestrictedMemberList {
  users: RestrictedMember[];
  nextCursor: string | null;
}

/** The members the viewer blocked, newest first, with their summaries. */
export async function listBlocked(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<RestrictedMemberList> {
  const after = decodeCursor(query.cursor, () => badRequest(POST_MESSAGES.invalidCursor));
  const rows = await pageBlocked(context.db, viewerId, { after, limit: query.limit });
  return present(context, viewerId, rows, query.limit, true);
}

/** The members the viewer muted, newest first, with their summaries. */
export async function listMuted(
  context: AppContext,
  viewerId: string,
  query: PageQuery,
): Promise<RestrictedMemberList> {
  const after = decodeCursor(query.cursor, () => badRequest(POST_MESSAGES.invalidCursor));
  const rows = await pageMuted(context.db, viewerId, { after, limit: query.limit });
  return present(context, viewerId, rows, query.limit, false);
}

async function present(
  context: AppContext,
  viewerId: string,
  rows: RestrictionRow[],
  limit: number,
  includeBlocked: boolean,
): Promise<RestrictedMemberList> {
  const { items, nextCursor } = toPage(rows, limit);
  const summaries = await loadMemberSummaries(
    context.db,
    viewerId,
    items.map((row) => row.id),
    { includeBlocked },
  );
  return {
    users: items.flatMap((row) => {
      const user = summaries.get(row.id);
      return user ? [{ user, since: new Date(row.keysetTime).toISOString() }] : [];
    }),
    nextCursor,
  };
}
