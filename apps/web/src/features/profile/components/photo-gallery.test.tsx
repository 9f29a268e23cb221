import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhotoGallery } from './photo-gallery';

const PHOTOS = [
  '/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp',
  '/api/media/BBBBBBBBBBBBBBBBBBBBBBBB.webp',
];

describe('the photo gallery', () => {
  it('offers "Report photo" for the photo being viewed, when asked to', async () => {
    const onReport = vi.fn();
    render(<PhotoGallery name="Ana" photos={PHOTOS} thumbnails={PHOTOS} onReport={onReport} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'View photo 2 of 2' }));
    await user.click(screen.getByRole('button', { name: 'Report photo' }));
    expect(onReport).toHaveBeenCalledWith(PHOTOS[1]);
    // The viewer closes, so the report dialog is not stacked on it.
    expect(screen.queryByRole('dialog', { name: 'Photo 2 of 2' })).toBeNull();
  });

  it('has no Report on the member’s own photos', async () => {
    render(<PhotoGallery name="Ana" photos={PHOTOS} thumbnails={PHOTOS} />);
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'View photo 1 of 2' }));
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report photo' })).toBeNull();
  });
});
