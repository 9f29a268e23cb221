import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import styles from './photo-gallery.module.css';

export interface PhotoGalleryProps {
  name: string;
  photos: readonly string[];
  thumbnails: readonly string[];
  /** The member's descriptions (alt text), in the same order; a neutral label stands in for none. */
  alts?: readonly (string | null)[];
  /** Offers "Report photo" in the lightbox (other members' photos); gets the photo's URL. */
  onReport?: (photoUrl: string) => void;
}

/** A profile's photos as a grid; a photo opens larger in a lightbox with previous/next (SPEC §2). */
export function PhotoGallery({ name, photos, thumbnails, alts = [], onReport }: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const current = open === null ? undefined : photos[open];
  const step = (delta: number) =>
    setOpen((index) => (index === null ? index : (index + delta + count) % count));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  };

  return (
    <>
      <ul className={styles.grid} aria-label={`Photos of ${name}`}>
        {photos.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              className={styles.tile}
              onClick={() => setOpen(index)}
              aria-label={`View photo ${index + 1} of ${count}`}
            >
              <img
                src={thumbnails[index] ?? url}
                alt={
                  alts[index] ??
                  (index === 0 ? `${name}'s profile picture` : `${name}'s photo ${index + 1}`)
                }
                className={styles.image}
                loading="lazy"
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : `Photo ${open + 1} of ${count}`}
        size="lg"
      >
        {current !== undefined && open !== null ? (
          <div className={styles.viewer} onKeyDown={onKeyDown}>
            <img
              src={current}
              alt={alts[open] ?? `${name}'s photo ${open + 1}`}
              className={styles.viewerImage}
            />
            {count > 1 ? (
              <div className={styles.viewerNav}>
                <Button variant="secondary" size="sm" onClick={() => step(-1)}>
                  Previous photo
                </Button>
                <Button variant="secondary" size="sm" onClick={() => step(1)}>
                  Next photo
                </Button>
              </div>
            ) : null}
            {onReport ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setOpen(null);
                  onReport(current);
                }}
              >
                Report photo
              </Button>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </>
  );
}
