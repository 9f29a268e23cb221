import { describe, expect, it } from 'vitest';
import { ANA_ID, buildNotification, COMMENT_ID, POST_ID } from '../test-support';
import { actorsPhrase, notificationTarget, notificationText } from './notification-text';

const noTarget = { post: undefined, comment: undefined };
const security = { actors: [], actorCount: 0, ...noTarget };

describe('what a notification says', () => {
  it('groups actors: "Ana", "Ana and 1 other", "Ana and 4 others", "Someone" when none is shown', () => {
    const ana = buildNotification().actors;
    expect(actorsPhrase({ actors: ana, actorCount: 1 })).toBe('Ana');
    expect(actorsPhrase({ actors: ana, actorCount: 2 })).toBe('Ana and 1 other');
    expect(actorsPhrase({ actors: ana, actorCount: 5 })).toBe('Ana and 4 others');
    expect(actorsPhrase({ actors: [], actorCount: 1 })).toBe('Someone');
  });

  it.each([
    ['like', 'Ana liked your post'],
    ['comment', 'Ana commented on your post'],
    ['reply', 'Ana replied to your comment'],
    ['mention', 'Ana mentioned you'],
    ['follow', 'Ana started following you'],
    ['follow_request', 'Ana asked to follow you'],
  ] as const)('%s: "%s"', (type, text) => {
    expect(notificationText(buildNotification({ type }))).toBe(text);
  });

  it.each([
    [
      'new_sign_in',
      'Someone signed in to your account from a browser not seen before.',
      'sessions',
    ],
    ['two_factor_changed', 'Your two-factor authentication settings were changed.', 'security'],
    ['password_changed', 'Your password was changed.', 'account'],
    ['recovery_code_used', 'A recovery code was used to sign in to your account.', 'security'],
  ] as const)('%s in plain words, linking to Settings → %s', (type, text, section) => {
    const item = buildNotification({ type, ...security });
    expect(notificationText(item)).toBe(text);
    expect(notificationTarget(item)).toBe(`/settings/${section}`);
  });

  it('links to the comment, the post, the conversation, the profile or the follow requests', () => {
    expect(notificationTarget(buildNotification({ type: 'reply' }))).toBe(
      `/posts/${POST_ID}?comment=${COMMENT_ID}`,
    );
    expect(notificationTarget(buildNotification({ type: 'like', comment: undefined }))).toBe(
      `/posts/${POST_ID}`,
    );
    expect(notificationTarget(buildNotification({ type: 'follow', ...noTarget }))).toBe(
      `/viewprofile/${ANA_ID}`,
    );
    expect(notificationTarget(buildNotification({ type: 'follow_request', ...noTarget }))).toBe(
      '/settings/privacy',
    );
    const conversationId = '66a1b2c3d4e5f60718293a4b';
    expect(
      notificationTarget(
        buildNotification({ type: 'message', ...noTarget, conversation: { _id: conversationId } }),
      ),
    ).toBe(`/messages/${conversationId}`);
    // An item from before messages named their conversation: the sender's profile.
    expect(notificationTarget(buildNotification({ type: 'message', ...noTarget }))).toBe(
      `/viewprofile/${ANA_ID}`,
    );
    // What it was about is gone (or hidden): the list itself.
    expect(notificationTarget(buildNotification({ type: 'comment', ...noTarget }))).toBe(
      '/notifications',
    );
  });
});
