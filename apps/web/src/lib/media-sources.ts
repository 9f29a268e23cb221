/**
 * Smaller copies of uploaded pictures, for the sizes cards show them at. The API keeps, beside each
 * image, copies at these widths (never wider than the image itself) and serves one with
 * `GET /api/media/{key}?w={width}`; where a copy does not exist (media stored before they were
 * made, or an image narrower than the copy) it answers with the image itself, so a `srcset` built
 * from these lists is always safe. The widths are the API's (apps/api features/media, variants.ts).
 */
export const IMAGE_WIDTHS = [640, 1280] as const;
/** Profile thumbnails are 256 px squares; avatars (28–48 px on screen) need at most 128 px. */
export const THUMBNAIL_WIDTH = 256;
export const SMALL_THUMBNAIL_WIDTH = 128;

const MEDIA_PATH = '/api/media/';

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

const isStoredMedia = (url: string) => url.startsWith(MEDIA_PATH) && !url.includes('?');

/** The URL of the copy of a stored image `width` pixels wide. */
export function sizedMediaUrl(url: string, width: number): string {
  return `${url}?w=${width}`;
}

/**
 * A full-size image shown `sizes` wide: its smaller copies and, when its width is known, the image
 * itself as the largest candidate, so the browser fetches the smallest that is sharp enough.
 */
export function imageSources(
  url: string,
  sizes: string,
  width: number | null | undefined,
): ImageSources {
  if (!isStoredMedia(url)) return { src: url };
  const copies = IMAGE_WIDTHS.filter((copy) => !width || copy < width).map(
    (copy) => `${sizedMediaUrl(url, copy)} ${copy}w`,
  );
  if (copies.length === 0) return { src: url };
  const candidates = width ? [...copies, `${url} ${width}w`] : copies;
  return { src: url, srcSet: candidates.join(', '), sizes };
}

/** A profile thumbnail shown as an avatar `displayPx` CSS pixels wide. */
export function thumbnailSources(url: string, displayPx: number): ImageSources {
  if (!isStoredMedia(url)) return { src: url };
  return {
    src: url,
    srcSet: `${sizedMediaUrl(url, SMALL_THUMBNAIL_WIDTH)} ${SMALL_THUMBNAIL_WIDTH}w, ${url} ${THUMBNAIL_WIDTH}w`,
    sizes: `${displayPx}px`,
  };
}
