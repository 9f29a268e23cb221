import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { useDecideReview, usePhotoVerificationReviews } from '../api/photo-verification';
import styles from './photo-verification-reviews.module.css';

/**
 * The moderators' queue of selfies the model could not decide: each selfie beside the member's
 * photos, with the pose asked for, whether it was copied and the model's similarity.
 */
export function PhotoVerificationReviews() {
  const reviews = usePhotoVerificationReviews({ enabled: true });
  const decide = useDecideReview();

  if (reviews.isPending) return <Spinner label="Loading" />;
  if (reviews.isError)
    return <Alert tone="error">Could not load this list. Please try again.</Alert>;
  const { items } = reviews.data;
  if (items.length === 0) return <p>No selfies waiting. Nice and quiet.</p>;

  return (
    <ul className={styles.list} aria-label="Photo verifications to review">
      {items.map((item) => {
        const name = `${item.member.firstName} ${item.member.lastName}`;
        const headingId = `photo-review-${item._id}`;
        return (
          <li key={item._id} className={styles.item} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.name}>
              {name}
            </h2>
            <p className={styles.facts}>
              Pose asked: {item.instruction} ({item.poseMatched ? 'copied' : 'not copied'}) ·
              similarity {item.similarity.toFixed(2)}
            </p>
            <div className={styles.pictures}>
              <figure className={styles.figure}>
                <img src={item.selfie} alt={`Selfie of ${name}`} className={styles.image} />
                <figcaption>Selfie</figcaption>
              </figure>
              {item.photos.map((photo, index) => (
                <figure key={photo} className={styles.figure}>
                  <img
                    src={photo}
                    alt={`Profile photo ${index + 1} of ${name}`}
                    className={styles.image}
                  />
                  <figcaption>Photo {index + 1}</figcaption>
                </figure>
              ))}
            </div>
            <div className={styles.actions}>
              {(['approve', 'refuse'] as const).map((decision) => (
                <Button
                  key={decision}
                  variant={decision === 'approve' ? 'primary' : 'secondary'}
                  disabled={decide.isPending}
                  aria-label={`${decision === 'approve' ? 'Approve' : 'Refuse'} ${name}`}
                  onClick={() =>
                    decide.mutate(
                      { id: item._id, decision },
                      {
                        onSuccess: (answer) => notify.success(answer.message),
                        onError: (error) =>
                          notify.error(messageOf(error, 'Could not save the decision.')),
                      },
                    )
                  }
                >
                  {decision === 'approve' ? 'Approve' : 'Refuse'}
                </Button>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
