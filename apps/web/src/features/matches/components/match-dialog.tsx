import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../lib/paths';
import { MATCHES_UI_MESSAGES as M } from '../messages';
import { MemberPhoto } from './member-photo';
import styles from './match-dialog.module.css';

/** The member a like has just matched with. */
export interface NewMatch {
  _id: string;
  firstName: string;
  photo: string | null;
}

/**
 * "It's a match!" — shown when a like answers `matched: true`: write to them now (Messages with
 * that member open) or go on browsing.
 */
export function MatchDialog({ match, onClose }: { match: NewMatch | null; onClose: () => void }) {
  return (
    <Modal
      open={match !== null}
      onClose={onClose}
      title={M.itsAMatch}
      description={match ? M.matchDescription(match.firstName) : undefined}
      size="sm"
      footer={
        match ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {M.keepBrowsing}
            </Button>
            <Link className={buttonClassName()} to={paths.messages(match._id)} onClick={onClose}>
              {M.sendMessage}
            </Link>
          </>
        ) : null
      }
    >
      {match ? (
        <div className={styles.photo}>
          <MemberPhoto
            name={match.firstName}
            src={match.photo}
            size="lg"
            alt={`Photo of ${match.firstName}`}
          />
        </div>
      ) : null}
    </Modal>
  );
}
