import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/api';
import { buildPost, renderWithProviders } from '../test-support';
import { CreatePostButton } from './create-post-button';
import { mediaProblem } from './create-post-modal';

describe('the Create Post modal', () => {
  it('names the submit button after the chosen audience', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    // The dialog's code loads when it is first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByRole('radio', { name: /Post to General Feed/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Share to Feed' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Post to Followers/ }));
    expect(screen.getByRole('button', { name: 'Share with Followers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share to Feed' })).toBeNull();
  });

  it('requires a title that is not blank', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));

    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the post as multipart, disabled while sending, then closes and toasts', async () => {
    // The answer is held back until the test has seen the button disabled: a fixed delay here
    // could run out before that check on a busy machine, and the dialog would already be closed.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = mockApi({
      'POST /api/posts/create': async () => {
        await answered;
        return {
          status: 201,
          body: { success: true, message: 'Post created successfully!', post: buildPost() },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await user.type(screen.getByLabelText('Title'), '  Hello there ');
    await user.type(screen.getByLabelText('Description'), 'First post');
    await user.click(screen.getByRole('radio', { name: /Post to Followers/ }));
    await user.click(screen.getByRole('button', { name: 'Share with Followers' }));

    expect(screen.getByRole('button', { name: 'Share with Followers' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = calls.find((call) => call.key === 'POST /api/posts/create')?.body as FormData;
    expect(form.get('title')).toBe('Hello there');
    expect(form.get('description')).toBe('First post');
    expect(form.get('privacy')).toBe('followers');
    expect(form.get('media')).toBeNull();
  });
});

describe('posting past the flood limit', () => {
  it('says what is limited and when it frees up, in the toast and the form', async () => {
    const message = "You're posting too often. You can post again in 4 minutes.";
    mockApi({
      'POST /api/posts/create': {
        status: 429,
        body: { success: false, message, retryAfterSeconds: 240 },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await user.type(screen.getByLabelText('Title'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));

    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByText('Failed to create post')).toBeNull();
  });
});

describe('when the server fails', () => {
  it('says so inside the dialog too, since toasts sit behind an open dialog', async () => {
    mockApi({
      'POST /api/posts/create': {
        status: 500,
        body: { success: false, message: 'Server error. Please try again later.' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CreatePostButton />);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Share to Feed' }));

    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Failed to create post')).toBeVisible());
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Hello');
  });
});

describe('checking a chosen file before sending', () => {
  it('accepts JPG/PNG/WEBP up to 10MB and MP4/WEBM up to 50MB', () => {
    expect(mediaProblem({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ type: 'video/mp4', size: 50 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Image is too large. Maximum size is 10MB',
    );
    expect(mediaProblem({ type: 'video/webm', size: 50 * 1024 * 1024 + 1 })).toMatch(/too large/);
    expect(mediaProblem({ type: 'image/gif', size: 10 })).toBe(
      'Only JPG, PNG, WEBP images or MP4/WEBM videos are allowed',
    );
  });
});
