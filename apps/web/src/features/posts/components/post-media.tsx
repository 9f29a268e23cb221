import { defaultAltText, type PostMedia as PostMediaDto } from '@kindred/contracts';
import { imageSources } from '../../../lib/media-sources';
import { POST_IMAGE_SIZES } from '../lib/post-image';
import styles from './post-card.module.css';

/** Box shapes for media whose size the API does not know (posts from before sizes were kept). */
const DEFAULT_IMAGE_SIZE = { width: 4, height: 3 };
const DEFAULT_VIDEO_SIZE = { width: 16, height: 9 };

export interface PostMediaProps {
  media: PostMediaDto;
  title: string;
  /** The author's first name, for the neutral description of an undescribed image ("Photo by Ana"). */
  authorFirstName: string | null | undefined;
  /** The feed's first picture: fetched at once and first, not lazily (it is the largest paint). */
  priority?: boolean;
}

/**
 * A post's image, or its video with controls. Both carry their pixel size (width/height plus a
 * CSS aspect ratio), so the card keeps the media's box before a byte of it has arrived and nothing
 * below it moves when it does.
 *
 * Videos: the server stores them as uploaded and has no decoder to cut a poster image from, so the
 * browser draws the first frame itself: `preload="metadata"` fetches the header and the first
 * frame only, and on MP4s the `#t=0.1` media fragment makes browsers that would otherwise show a
 * blank box until "play" (iOS Safari) seek there and paint it. WebM files (which Safari rarely
 * plays) go without it: many are recorded without a seek index, and the seek would leave a
 * spinner over the frame. Until the frame arrives the reserved box is tinted.
 */
export function PostMedia({ media, title, authorFirstName, priority = false }: PostMediaProps) {
  const fallback = media.type === 'video' ? DEFAULT_VIDEO_SIZE : DEFAULT_IMAGE_SIZE;
  const known = media.width !== null && media.height !== null;
  const width = known ? media.width! : fallback.width;
  const height = known ? media.height! : fallback.height;
  const size = {
    width: known ? width : undefined,
    height: known ? height : undefined,
    style: { aspectRatio: `${width} / ${height}` },
  };

  if (media.type === 'video') {
    return (
      <video
        className={styles.postCardMedia}
        src={media.url.endsWith('.mp4') ? `${media.url}#t=0.1` : media.url}
        {...size}
        controls
        preload="metadata"
        playsInline
        aria-label={media.altText ?? `Video: ${title}`}
      />
    );
  }
  return (
    <img
      className={styles.postCardMedia}
      // A copy the card's width (the phone's, or the column's) rather than the 2048 px original.
      {...imageSources(media.url, POST_IMAGE_SIZES, media.width)}
      // The author's description, else a neutral one: never the file name, nor the post's title
      // (which the card already reads out).
      alt={media.altText ?? defaultAltText(authorFirstName)}
      {...size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
