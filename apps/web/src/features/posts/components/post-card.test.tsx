import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, respond } from '../../../testing/api';
import { buildPost, renderWithProviders } from '../test-support';
import { PostCard } from './post-card';

const POST_ID = '55555555-5555-4555-8555-555555555555';

function controlledBy(button: HTMLElement): HTMLElement | null {
  const id = button.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

describe('the comments button', () => {
  it('controls an element that exists, while the comments load and after', async () => {
    mockApi({
      [`GET /api/posts/${POST_ID}/comments`]: () => respond(200, { success: true, comments: [] }),
    });
    renderWithProviders(<PostCard post={buildPost({ _id: POST_ID, commentsCount: 0 })} />);
    const toggle = screen.getByRole('button', { name: /Comments/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Right after the click the comments' code is still loading: the spinner stands in.
    expect(controlledBy(toggle)).not.toBeNull();
    expect(await screen.findByLabelText('Write a comment')).toBeInTheDocument();
    expect(controlledBy(toggle)).not.toBeNull();
  });
});
