import { MATCH_MESSAGES, type LikesYouTeaser, type MemberCard } from '@kindred/contracts';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { useLikeMember } from '../api/like-member';
import { useLikesYou } from '../api/likes-you';
import { formatDay } from '../format-day';
import { MATCHES_UI_MESSAGES as M } from '../messages';
import { offerUpgrade } from '../offer-upgrade';
import type { NewMatch } from './match-dialog';
import { MemberRow } from './member-row';
import { PagedList } from './paged-list';
import styles from './likes-you-section.module.css';

/**
 * Who liked the viewer: with the plan's "see who liked you", the members (Like back makes the
 * match); otherwise how many, blurred placeholder cards and the upgrade — the answer then holds
 * no name or photo of anyone, so there is nothing to unblur.
 */
export function LikesYouSection({ onMatch }: { onMatch: (match: NewMatch) => void }) {
  const likes = useLikesYou();
  const first = likes.data?.pages[0];
  if (first?.locked) return <LikesYouTeaserView teaser={first.teaser} />;
  const items = likes.data?.pages.flatMap((page) => (page.locked ? [] : page.likes)) ?? [];
  return (
    <PagedList
      query={likes}
      label="Members who like you"
      empty={MATCH_MESSAGES.noLikes}
      failed={MATCH_MESSAGES.likesYouLoadFailed}
      rows={items.map((like) => (
        <MemberRow
          key={like.user._id}
          member={like.user}
          note={`Liked you on ${formatDay(like.likedAt)}`}
          actions={<LikeBackButton member={like.user} onMatch={onMatch} />}
        />
      ))}
    />
  );
}

function LikeBackButton({
  member,
  onMatch,
}: {
  member: MemberCard;
  onMatch: (match: NewMatch) => void;
}) {
  const like = useLikeMember();
  const onClick = () =>
    like.mutate(member._id, {
      onSuccess: (response) => {
        if (response.matched) {
          onMatch({ _id: member._id, firstName: member.firstName, photo: member.profilePicture });
        }
      },
      onError: (error) => notify.error(messageOf(error, MATCH_MESSAGES.likeFailed)),
    });
  return (
    <Button
      size="sm"
      loading={like.isPending}
      aria-label={`Like ${member.firstName} back`}
      onClick={onClick}
    >
      Like back
    </Button>
  );
}

function LikesYouTeaserView({ teaser }: { teaser: LikesYouTeaser['teaser'] }) {
  return (
    <div className={styles.teaser}>
      {teaser.placeholders > 0 ? (
        // Shapes only: the server sent no one's name or photo.
        <ul className={styles.placeholders} aria-hidden="true">
          {Array.from({ length: teaser.placeholders }, (_, index) => (
            <li key={index} className={styles.placeholder} />
          ))}
        </ul>
      ) : null}
      <p className={styles.description}>{teaser.description}</p>
      {teaser.placeholders > 0 ? (
        <Button onClick={() => offerUpgrade('seeWhoLikedYou')}>{M.upgrade}</Button>
      ) : null}
    </div>
  );
}
