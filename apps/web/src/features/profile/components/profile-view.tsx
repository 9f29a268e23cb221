import { ProfileIdSchema, type Profile } from '@kindred/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMemberSafetyActions } from '../../blocks';
import { ReportDialog, useReportAction } from '../../moderation';
import { MemberMarks } from '../../posts';
import type { ConnectionDirection } from '../api/connections';
import { useProfile } from '../api/get-profile';
import { useSubscription } from '../api/get-subscription';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { BasicInfo } from './basic-info';
import { ConnectionListModal } from './connection-list-modal';
import { EditProfileModal } from './edit-profile-modal';
import { FollowButton } from './follow-button';
import { ManagePhotosModal } from './manage-photos-modal';
import { MemberAvatar } from './member-avatar';
import { PageLoading } from './page-loading';
import { PhotoGallery } from './photo-gallery';
import { ProfilePopup } from './profile-popup';
import { ProfilePosts } from './profile-posts';
import sectionStyles from './profile-section.module.css';
import styles from './profile-view.module.css';
import { SubscriptionBanner } from './subscription-banner';
import { UpgradeModal } from './upgrade-modal';
import { useFollow } from './use-follow';

/** The words for a profile that could not be shown (SPEC §8 "Profile view"). */
export function profileErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return M.loadFailed;
  if (error.code === 'MEMBER_NOT_FOUND') return M.userNotFound;
  if (error.status === 404) return M.notFound;
  if (error.status === 401) return M.signInToView;
  if (error.status === 400) return M.invalidProfileId;
  return M.loadFailed;
}

export interface ProfileViewProps {
  userId: string;
  viewerId: string;
}

/** A member's profile page (SPEC §2 "Profile view"). */
export function ProfileView({ userId, viewerId }: ProfileViewProps) {
  if (!ProfileIdSchema.safeParse(userId).success) {
    return <ProfileProblem message={M.invalidProfileId} />;
  }
  return <ProfileLoader userId={userId} viewerId={viewerId} />;
}

function ProfileLoader({ userId, viewerId }: ProfileViewProps) {
  const profile = useProfile(userId);
  if (profile.isPending) {
    return <PageLoading label="Loading profile" />;
  }
  if (profile.isError) {
    const own = userId === viewerId;
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <ProfileProblem message={profileErrorMessage(profile.error)}>
        {own && missing ? (
          <Link className={buttonClassName()} to={paths.profileEdit(userId)}>
            Complete your profile
          </Link>
        ) : (
          <Link className={buttonClassName({ variant: 'secondary' })} to={paths.feed()}>
            Back to Feed
          </Link>
        )}
      </ProfileProblem>
    );
  }
  return <ProfileContent profile={profile.data} viewerId={viewerId} />;
}

function ProfileProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Card
      as="section"
      padding="lg"
      className={styles.problem}
      aria-labelledby="profile-problem-heading"
    >
      <h1 id="profile-problem-heading" className={styles.problemTitle}>
        Profile
      </h1>
      <Alert tone="error">{message}</Alert>
      {children}
    </Card>
  );
}

function ProfileContent({ profile, viewerId }: { profile: Profile; viewerId: string }) {
  const userId = profile._id;
  const isOwn = userId === viewerId;
  const name = `${profile.firstName} ${profile.lastName}`;
  const follow = useFollow(viewerId, userId);
  const subscription = useSubscription(userId, { enabled: isOwn });
  const [list, setList] = useState<ConnectionDirection | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const [photosOpen, setPhotosOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const navigate = useNavigate();
  const memberActions = useMemberSafetyActions({
    member: profile,
    viewerId,
    knowMuteState: true,
    // The blocked member's page can no longer be shown: back to the feed, without them.
    onBlocked: () => void navigate(paths.feed()),
  });
  const report = useReportAction({
    targetType: 'member',
    targetId: userId,
    member: profile,
    viewerId,
  });
  const [reportedPhoto, setReportedPhoto] = useState<string | null>(null);
  // The ⋯ menu's entries, one spread or item per feature (report, block and mute).
  const menuItems: ActionMenuItem[] = [...report.items, ...memberActions.items];
  // Under the name: the address only (coordinates, which only the owner gets, stay in Basic Information).
  const place = profile.location.formatted_address;

  useEffect(() => {
    document.title = `${name} · Kindred`;
    return () => {
      document.title = 'Kindred';
    };
  }, [name]);

  const avatar = (
    <MemberAvatar
      firstName={profile.firstName}
      lastName={profile.lastName}
      src={profile.thumbnails[0] ?? profile.profilePicture}
      size="xl"
    />
  );

  return (
    <div className={styles.page}>
      <Card as="section" padding="lg" className={styles.hero} aria-labelledby="profile-name">
        {isOwn ? (
          <button
            type="button"
            className={styles.avatarButton}
            onClick={() => setPopupOpen(true)}
            aria-label="Show my plan and status"
            aria-haspopup="dialog"
          >
            {avatar}
          </button>
        ) : (
          avatar
        )}
        <div className={styles.heroMain}>
          <h1 id="profile-name" className={styles.name}>
            <span>{name}</span>
            <MemberMarks member={profile} />
          </h1>
          {place ? <p className={styles.place}>{place}</p> : null}
          <div className={styles.counts}>
            <button
              type="button"
              className={styles.countButton}
              onClick={() => setList('followers')}
              aria-haspopup="dialog"
            >
              <strong>{follow.counts?.followersCount ?? '–'}</strong> Followers
            </button>
            <button
              type="button"
              className={styles.countButton}
              onClick={() => setList('following')}
              aria-haspopup="dialog"
            >
              <strong>{follow.counts?.followingsCount ?? '–'}</strong> Following
            </button>
          </div>
        </div>
        <div className={styles.heroActions}>
          {isOwn ? (
            <Button variant="secondary" onClick={() => setEditOpen(true)} aria-haspopup="dialog">
              Edit profile
            </Button>
          ) : (
            <>
              <FollowButton
                name={profile.firstName}
                isFollowing={follow.isFollowing}
                isRequested={follow.isRequested}
                onToggle={follow.toggle}
                disabled={!follow.followStateKnown || follow.toggling}
              />
              <Link
                className={buttonClassName({ variant: 'secondary' })}
                to={paths.messages(userId)}
                aria-label={`Message ${profile.firstName}`}
              >
                Message
              </Link>
            </>
          )}
          <ActionMenu label={`More actions for ${name}`} items={menuItems} />
        </div>
      </Card>

      {isOwn && subscription.data ? (
        <SubscriptionBanner
          subscription={subscription.data}
          onUpgrade={() => setUpgradeOpen(true)}
        />
      ) : null}

      <div className={styles.columns}>
        <div className={styles.column}>
          <BasicInfo profile={profile} />
          {profile.bio ? (
            <Card as="section" aria-labelledby="about-heading">
              <h2 id="about-heading" className={sectionStyles.title}>
                About
              </h2>
              <p className={styles.bio}>{profile.bio}</p>
            </Card>
          ) : null}
          {profile.interests.length > 0 ? (
            <Card as="section" aria-labelledby="interests-heading">
              <h2 id="interests-heading" className={sectionStyles.title}>
                Interests
              </h2>
              <ul className={styles.interests}>
                {profile.interests.map((interest) => (
                  <li key={interest} className={styles.interest}>
                    {interest}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
        <div className={styles.column}>
          <Card as="section" aria-labelledby="photos-heading">
            <div className={sectionStyles.header}>
              <h2 id="photos-heading" className={sectionStyles.title}>
                Photos
              </h2>
              {isOwn ? (
                <Button variant="secondary" size="sm" onClick={() => setPhotosOpen(true)}>
                  Manage photos
                </Button>
              ) : null}
            </div>
            {profile.photos.length > 0 ? (
              <PhotoGallery
                name={profile.firstName}
                photos={profile.photos}
                thumbnails={profile.thumbnails}
                alts={profile.photoAlts}
                onReport={isOwn ? undefined : setReportedPhoto}
              />
            ) : (
              <p className={sectionStyles.empty}>No photos yet</p>
            )}
          </Card>
          <ProfilePosts userId={userId} isOwn={isOwn} firstName={profile.firstName} />
        </div>
      </div>

      <ConnectionListModal direction={list} userId={userId} onClose={() => setList(null)} />
      {report.dialog}
      {reportedPhoto ? (
        <ReportDialog
          open
          // A photo is named by its file name, the last part of its URL.
          target={{
            targetType: 'photo',
            targetId: reportedPhoto.split('/').pop() ?? '',
            memberName: name,
          }}
          onClose={() => setReportedPhoto(null)}
        />
      ) : null}
      {memberActions.dialog}
      {isOwn ? (
        <>
          <UpgradeModal
            open={upgradeOpen}
            onClose={() => setUpgradeOpen(false)}
            userId={userId}
            currentPlan={subscription.data?.planName ?? profile.plan ?? null}
          />
          <ProfilePopup
            open={popupOpen}
            onClose={() => setPopupOpen(false)}
            firstName={profile.firstName}
            lastName={profile.lastName}
            picture={profile.thumbnails[0] ?? profile.profilePicture}
            subscription={subscription.data}
            onUpgrade={() => setUpgradeOpen(true)}
          />
          <EditProfileModal open={editOpen} onClose={() => setEditOpen(false)} profile={profile} />
          <ManagePhotosModal
            open={photosOpen}
            onClose={() => setPhotosOpen(false)}
            userId={userId}
            plan={subscription.data?.planName ?? profile.plan ?? null}
            photos={profile.photos}
            thumbnails={profile.thumbnails}
            photoAlts={profile.photoAlts}
          />
        </>
      ) : null}
    </div>
  );
}
