import { describe, expect, it } from 'vitest';
import { firstFeedPicture } from './post-image';

const image = (url: string, extra: Record<string, unknown> = {}) => ({
  media: { type: 'image', url, width: 1200, height: 900 },
  sensitive: false,
  ...extra,
});

describe("the feed's first picture, read from the early answer", () => {
  it('is the first image among the top three posts', () => {
    const page = {
      posts: [{ media: null }, image('/api/media/a.webp'), image('/api/media/b.webp')],
    };
    expect(firstFeedPicture(page)).toEqual({ url: '/api/media/a.webp', width: 1200 });
  });

  it('is none further down, when covered as sensitive, or when the answer is not a page', () => {
    const deep = { posts: [{}, {}, {}, image('/api/media/a.webp')] };
    expect(firstFeedPicture(deep)).toBeUndefined();
    expect(firstFeedPicture({ posts: [image('/a', { sensitive: true })] })).toBeUndefined();
    expect(firstFeedPicture(undefined)).toBeUndefined();
    expect(firstFeedPicture({ posts: 'x' })).toBeUndefined();
  });
});
