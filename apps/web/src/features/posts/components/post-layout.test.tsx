import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, respond, type Answer } from '../../../testing/api';
import { buildPost, deferred, renderWithProviders } from '../test-support';
import { PostFeed } from './post-feed';
import styles from './post-feed.module.css';

/** The feed keeps its layout while it loads: sizes on media, the first photo first, headings in order. */

const ids = (n: number) => `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`;

function feedOf(posts: ReturnType<typeof buildPost>[]) {
  mockApi({ 'GET /api/posts': () => respond(200, { success: true, posts, nextCursor: null }) });
  renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
}

describe('post media keep their box before they load', () => {
  it('gives each photo its width, height and aspect ratio; the first photo loads at once, later ones lazily', async () => {
    feedOf([
      buildPost({ _id: ids(1), title: 'Words only' }),
      buildPost({
        _id: ids(2),
        title: 'Harbour',
        media: {
          url: '/api/media/a.webp',
          type: 'image',
          width: 1600,
          height: 1000,
          altText: 'Harbour',
        },
      }),
      buildPost({
        _id: ids(3),
        title: 'Lighthouse',
        media: {
          url: '/api/media/b.webp',
          type: 'image',
          width: 900,
          height: 1400,
          altText: 'Lighthouse',
        },
      }),
    ]);
    const first = await screen.findByRole('img', { name: 'Harbour' });
    expect(first).toHaveAttribute('width', '1600');
    expect(first).toHaveAttribute('height', '1000');
    expect(first.style.aspectRatio).toBe('1600 / 1000');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');

    const later = screen.getByRole('img', { name: 'Lighthouse' });
    expect(later).toHaveAttribute('width', '900');
    expect(later).toHaveAttribute('height', '1400');
    expect(later).toHaveAttribute('loading', 'lazy');
    expect(later).not.toHaveAttribute('fetchpriority');
  });

  it('draws a default-shaped box when the size is unknown (posts from before sizes were kept)', async () => {
    feedOf([
      buildPost({
        _id: ids(1),
        title: 'Old photo',
        media: {
          url: '/api/media/a.webp',
          type: 'image',
          width: null,
          height: null,
          altText: 'Old photo',
        },
      }),
      buildPost({
        _id: ids(2),
        title: 'Old clip',
        media: {
          url: '/api/media/v.webm',
          type: 'video',
          width: null,
          height: null,
          altText: null,
        },
      }),
    ]);
    const photo = await screen.findByRole('img', { name: 'Old photo' });
    expect(photo.style.aspectRatio).toBe('4 / 3');
    const video = screen.getByLabelText('Video: Old clip');
    expect(video.style.aspectRatio).toBe('16 / 9');
    // A WebM may have no seek index: no seek to 0.1 s, which would spin over the frame.
    expect(video).toHaveAttribute('src', '/api/media/v.webm');
  });

  it('gives a video its frame size and shows its first frame, not an empty box', async () => {
    feedOf([
      buildPost({
        title: 'Waves',
        media: { url: '/api/media/v.mp4', type: 'video', width: 640, height: 360, altText: null },
      }),
    ]);
    const card = await screen.findByRole('article', { name: 'Waves' });
    const video = within(card).getByLabelText('Video: Waves');
    expect(video).toHaveAttribute('width', '640');
    expect(video).toHaveAttribute('height', '360');
    expect(video.style.aspectRatio).toBe('640 / 360');
    expect(video).toHaveAttribute('preload', 'metadata');
    // The media fragment makes browsers that otherwise wait for "play" (iOS Safari) draw a frame.
    expect(video).toHaveAttribute('src', '/api/media/v.mp4#t=0.1');
  });
});

describe('headings', () => {
  it('makes post titles level-2 headings (the page has the h1), and so the empty state', async () => {
    feedOf([buildPost({ title: 'Sunset at the lake' })]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sunset at the lake' }),
    ).toBeInTheDocument();
  });

  it('uses a level-2 heading for the empty feed too', async () => {
    feedOf([]);
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument();
  });
});

describe('while the feed loads', () => {
  it('holds the place of the posts with post-sized placeholders, and says it is loading', async () => {
    const answer = deferred<Answer>();
    mockApi({ 'GET /api/posts': () => answer.promise });
    renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
    const status = await screen.findByRole('status', { name: 'Loading posts' });
    expect(status.querySelectorAll(`.${styles.postSkeleton}`)).toHaveLength(3);
    answer.resolve(respond(200, { success: true, posts: [buildPost()], nextCursor: null }));
    expect(await screen.findByRole('article', { name: 'Sunset at the lake' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
  });
});
