import type { ChatMessage } from '@kindred/contracts';
import { clsx } from 'clsx';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { SensitiveImage } from '../../../components/ui/sensitive-image';
import { RelativeTime } from '../../posts';
import { MESSAGING_UI as M } from '../messages';
import { MessageText } from './message-text';
import styles from './conversation.module.css';

export interface MessageBubbleProps {
  message: ChatMessage;
  /** The sender's first name, for an image without a description. */
  senderName: string;
  /** "Delete" on the viewer's own messages, "Report" on the other member's. */
  actions: ActionMenuItem[];
  /** The viewer's last message, read by the other member (only when the API shows receipts). */
  seen?: boolean;
}

/**
 * One message: the viewer's on the right, the other member's on the left; a deleted one keeps its
 * place as "message deleted". An image is shown with its description as its text alternative,
 * covered ("Sensitive content — tap to view") when the API marks it sensitive for the viewer: the
 * other member's image until the model has scored it, or scored explicit (unless the viewer chose
 * to see sensitive media as it is; "hide" covers it here, a message is not left out).
 */
export function MessageBubble({ message, senderName, actions, seen = false }: MessageBubbleProps) {
  const { mine, deleted, image, text } = message;
  return (
    <li className={clsx(styles.message, mine && styles.messageMine)} data-message-id={message._id}>
      <div className={clsx(styles.bubble, mine && styles.bubbleMine, deleted && styles.deleted)}>
        <span className="visually-hidden">{mine ? `${M.you}: ` : `${senderName}: `}</span>
        {deleted ? (
          <span className={styles.placeholder}>{M.deletedPlaceholder}</span>
        ) : (
          <>
            {image ? (
              <SensitiveImage sensitive={image.sensitive}>
                <img
                  className={styles.image}
                  src={image.url}
                  alt={image.altText || `Image from ${mine ? 'you' : senderName}`}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  style={
                    image.width && image.height
                      ? { aspectRatio: `${image.width} / ${image.height}` }
                      : undefined
                  }
                  loading="lazy"
                  decoding="async"
                />
              </SensitiveImage>
            ) : null}
            {text ? <MessageText text={text} linksAllowed={message.linksAllowed} /> : null}
            {text && !message.linksAllowed && /https?:\/\/|www\./i.test(text) ? (
              <span className={styles.note}>{M.linksHidden}</span>
            ) : null}
          </>
        )}
      </div>
      <div className={styles.meta}>
        <RelativeTime iso={message.createdAt} />
        {seen ? <span className={styles.seen}>{M.seen}</span> : null}
        {deleted ? null : <ActionMenu label={M.messageActions} items={actions} />}
      </div>
    </li>
  );
}
