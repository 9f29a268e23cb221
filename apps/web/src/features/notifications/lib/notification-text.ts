import type { NotificationItem, NotificationType } from '@kindred/contracts';
import { paths } from '../../../lib/paths';

/** Who acted, as the item's sentence starts: "Ana", "Ana and 1 other", "Ana and 4 others". */
export function actorsPhrase(item: Pick<NotificationItem, 'actors' | 'actorCount'>): string {
  const first = item.actors[0];
  const name = first ? first.firstName.trim() || first.lastName.trim() : '';
  // An actor the member can no longer see is not sent: the item still says what happened.
  const lead = name || 'Someone';
  const others = Math.max(0, item.actorCount - 1);
  if (others === 0) return lead;
  return `${lead} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What others did, after the actors: "… liked your post". */
const SOCIAL_ACTIONS: Partial<Record<NotificationType, string>> = {
  follow: 'started following you',
  follow_request: 'asked to follow you',
  like: 'liked your post',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  mention: 'mentioned you',
  match: 'matched with you',
  message: 'sent you a message',
};

/** The account's security events, in plain words (no actor: it was the account itself). */
const SECURITY_SENTENCES: Partial<Record<NotificationType, string>> = {
  new_sign_in: 'Someone signed in to your account from a browser not seen before.',
  two_factor_changed: 'Your two-factor authentication settings were changed.',
  password_changed: 'Your password was changed.',
  recovery_code_used: 'A recovery code was used to sign in to your account.',
};

/** The line under a security event: what to do when it was not the member. */
export const SECURITY_ADVICE = 'Not you? Change your password and sign out other sessions.';

/** The item's sentence, e.g. "Ana and 4 others liked your post". */
export function notificationText(item: NotificationItem): string {
  const security = SECURITY_SENTENCES[item.type];
  if (security) return security;
  return `${actorsPhrase(item)} ${SOCIAL_ACTIONS[item.type] ?? 'did something'}`;
}

export function isSecurityItem(item: NotificationItem): boolean {
  return item.type in SECURITY_SENTENCES;
}

/**
 * Where clicking the item goes: the comment (scrolled to and highlighted) for comments, replies
 * and mentions; the post for likes; the conversation for messages; the follower's profile; the
 * follow requests to answer; the Settings section where a security event can be checked.
 */
export function notificationTarget(item: NotificationItem): string {
  switch (item.type) {
    case 'like':
    case 'comment':
    case 'reply':
    case 'mention':
      return item.post ? paths.post(item.post._id, item.comment?._id) : paths.notifications();
    case 'message':
      if (item.conversation) return paths.conversation(item.conversation._id);
      return item.actors[0] ? paths.viewProfile(item.actors[0]._id) : paths.notifications();
    case 'follow':
    case 'match':
      return item.actors[0] ? paths.viewProfile(item.actors[0]._id) : paths.notifications();
    case 'follow_request':
      return paths.settings('privacy');
    case 'new_sign_in':
      return paths.settings('sessions');
    case 'password_changed':
      return paths.settings('account');
    case 'two_factor_changed':
    case 'recovery_code_used':
      return paths.settings('security');
  }
}
