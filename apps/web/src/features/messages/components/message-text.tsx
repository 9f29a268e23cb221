import { splitLinks } from '../lib/links';
import styles from './conversation.module.css';

/**
 * A message's text with its web addresses as links — or, in a stranger's first messages
 * (`linksAllowed` false), as plain text: nothing there can be clicked.
 */
export function MessageText({ text, linksAllowed }: { text: string; linksAllowed: boolean }) {
  if (!linksAllowed) return <span className={styles.text}>{text}</span>;
  return (
    <span className={styles.text}>
      {splitLinks(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={styles.link}
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </span>
  );
}
