import type { PostPrivacy } from '@kindred/contracts';

/** Who sees a post, as its card's privacy icon names it. */
export const PRIVACY_LABELS: Record<PostPrivacy, string> = {
  public: 'Public',
  followers: 'Followers',
  private: 'Private',
};

/** The choices the Create Post modal offers (SPEC §2). */
export type PostAudience = Extract<PostPrivacy, 'public' | 'followers'>;

export const AUDIENCE_CHOICES: readonly { value: PostAudience; label: string; hint: string }[] = [
  { value: 'public', label: 'Post to General Feed', hint: 'Every member can see it.' },
  {
    value: 'followers',
    label: 'Post to Followers',
    hint: 'Only people who follow you can see it.',
  },
];

/** The Create Post modal's submit button: "Share to Feed" or "Share with Followers". */
export function submitLabelFor(privacy: PostAudience): string {
  return privacy === 'followers' ? 'Share with Followers' : 'Share to Feed';
}

/** The choices when a post is edited: its author may also narrow it to themself alone. */
export const EDIT_PRIVACY_CHOICES: readonly { value: PostPrivacy; label: string; hint: string }[] =
  [
    { value: 'public', label: 'Everyone', hint: 'Every member can see it in the General Feed.' },
    { value: 'followers', label: 'Followers', hint: 'Only people who follow you can see it.' },
    { value: 'private', label: 'Only me', hint: 'Nobody else can see it.' },
  ];
