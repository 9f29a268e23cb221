import type { PostMedia as PostMediaDto } from '@kindred/contracts';

/** A post's image, or its video with controls (only its metadata is loaded until played). */
export function PostMedia({ media, title }: { media: PostMediaDto; title: string }) {
  if (media.type === 'video') {
    return (
      <video
        className="post-card__media"
        src={media.url}
        controls
        preload="metadata"
        playsInline
        aria-label={`Video: ${title}`}
      />
    );
  }
  return <img className="post-card__media" src={media.url} alt={title} loading="lazy" />;
}
