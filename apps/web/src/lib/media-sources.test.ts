import { describe, expect, it } from 'vitest';
import { imageSources, thumbnailSources } from './media-sources';

describe('smaller copies of stored pictures', () => {
  it("lists a large image's copies and the image itself at its width", () => {
    expect(imageSources('/api/media/a.webp', '100vw', 2048)).toEqual({
      src: '/api/media/a.webp',
      srcSet:
        '/api/media/a.webp?w=640 640w, /api/media/a.webp?w=1280 1280w, /api/media/a.webp 2048w',
      sizes: '100vw',
    });
  });

  it('lists only the copies narrower than the image, and none for a small one', () => {
    expect(imageSources('/api/media/a.webp', '100vw', 800).srcSet).toBe(
      '/api/media/a.webp?w=640 640w, /api/media/a.webp 800w',
    );
    expect(imageSources('/api/media/a.webp', '100vw', 500)).toEqual({ src: '/api/media/a.webp' });
  });

  it('lists the copies alone when the width is unknown (the API falls back to the image)', () => {
    expect(imageSources('/api/media/a.webp', '20rem', null).srcSet).toBe(
      '/api/media/a.webp?w=640 640w, /api/media/a.webp?w=1280 1280w',
    );
  });

  it('gives an avatar the 128 px thumbnail, and leaves anything not stored by the API alone', () => {
    expect(thumbnailSources('/api/media/t.webp', 40)).toEqual({
      src: '/api/media/t.webp',
      srcSet: '/api/media/t.webp?w=128 128w, /api/media/t.webp 256w',
      sizes: '40px',
    });
    expect(thumbnailSources('blob:http://x/1', 40)).toEqual({ src: 'blob:http://x/1' });
    expect(imageSources('https://cdn.example/a.jpg', '100vw', 2000)).toEqual({
      src: 'https://cdn.example/a.jpg',
    });
  });
});
