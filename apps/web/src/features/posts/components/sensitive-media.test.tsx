import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { buildPost, renderWithProviders } from '../test-support';
import { PostFeed } from './post-feed';

/**
 * Sensitive images and alt text in the feed (issue 17): a post the API marks `sensitive` for the
 * viewer is covered until they press "Sensitive content — tap to view"; every image has an alt,
 * the author's description or "Photo by <first name>", never the file's name.
 */

const image = (altText: string | null = null) => ({
  url: '/api/media/IMG_2024-holiday.webp',
  type: 'image' as const,
  width: 800,
  height: 600,
  altText,
});

function feedOf(posts: ReturnType<typeof buildPost>[]) {
  mockApi({ 'GET /api/posts': () => respond(200, { success: true, posts, nextCursor: null }) });
  renderWithProviders(<PostFeed source={{ kind: 'general' }} />);
}

describe('SensitiveImage in a post', () => {
  it('covers a sensitive image until the member presses the cover (keyboard too), and covers it again on Hide', async () => {
    const user = userEvent.setup();
    feedOf([
      buildPost({ title: 'Beach day', media: image('Two people on a beach'), sensitive: true }),
    ]);
    const card = await screen.findByRole('article', { name: 'Beach day' });

    const cover = within(card).getByRole('button', { name: 'Sensitive content — tap to view' });
    // Covered: the picture is out of reach of assistive tech and keyboards.
    expect(within(card).queryByRole('img', { name: 'Two people on a beach' })).toBeNull();

    cover.focus();
    await user.keyboard('{Enter}');
    expect(within(card).getByRole('img', { name: 'Two people on a beach' })).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    expect(
      within(card).getByRole('button', { name: 'Sensitive content — tap to view' }),
    ).toBeInTheDocument();
  });

  it('shows an image that is not sensitive for this viewer as it is', async () => {
    feedOf([buildPost({ title: 'Lake', media: image('A still lake'), sensitive: false })]);
    const card = await screen.findByRole('article', { name: 'Lake' });
    expect(within(card).getByRole('img', { name: 'A still lake' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Sensitive content/ })).toBeNull();
  });

  it("gives an undescribed image the neutral 'Photo by <first name>', never its file name", async () => {
    feedOf([buildPost({ title: 'Untitled', media: image(null) })]);
    const card = await screen.findByRole('article', { name: 'Untitled' });
    const img = within(card).getByRole('img', { name: 'Photo by Alice' });
    expect(img.getAttribute('alt')).not.toMatch(/IMG_2024|holiday|webp/);
  });
});
