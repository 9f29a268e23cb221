/**
 * How wide a post card shows its picture: the whole feed column (40rem at most; the phone's width
 * below that). The card's `<img sizes>` and the feed's early preload (app/early-requests.ts) use
 * the same value, so the browser picks the same copy for both and fetches it once.
 */
export const POST_IMAGE_SIZES = '(min-width: 40rem) 40rem, 100vw';

/** How far down a feed its first picture still counts as the page's largest paint. */
export const PRIORITY_IMAGE_WITHIN = 3;

export interface FeedPicture {
  url: string;
  width: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The picture the feed fetches first (PostFeed's `priorityMedia`): the first image among its top
 * posts, unless covered as sensitive. Reads an unchecked feed page, so every field is checked.
 */
export function firstFeedPicture(page: unknown): FeedPicture | undefined {
  if (!isRecord(page) || !Array.isArray(page.posts)) return undefined;
  for (const post of page.posts.slice(0, PRIORITY_IMAGE_WITHIN) as unknown[]) {
    if (!isRecord(post) || !isRecord(post.media) || post.media.type !== 'image') continue;
    if (post.sensitive === true || typeof post.media.url !== 'string') return undefined;
    const width = typeof post.media.width === 'number' ? post.media.width : null;
    return { url: post.media.url, width };
  }
  return undefined;
}
