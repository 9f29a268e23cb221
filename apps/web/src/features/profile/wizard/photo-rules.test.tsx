import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileRejection } from 'react-dropzone';
import { describe, expect, it, vi } from 'vitest';
import { imageFile } from '../testing/fixtures';
import { plansAllowingMore, rejectionMessage, selectPhotos } from './photo-rules';
import { PhotosStep, type PhotosStepProps } from './photos-step';

const FIVE_MB = 5_242_880;

const rejection = (file: File, ...codes: string[]): FileRejection => ({
  file,
  errors: codes.map((code) => ({ code, message: code })),
});

describe('photo rules', () => {
  it('names a file over 5 MB', () => {
    expect(rejectionMessage(rejection(imageFile('big.jpg', FIVE_MB + 1), 'file-too-large'))).toBe(
      'File big.jpg is too large. Maximum size is 5MB',
    );
  });

  it('names a file that is not an image', () => {
    const text = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    expect(rejectionMessage(rejection(text, 'file-invalid-type'))).toBe(
      'File notes.txt is not an image',
    );
  });

  it('has generic messages for other image types, empty files and too many files', () => {
    expect(
      rejectionMessage(rejection(imageFile('anim.gif', 10, 'image/gif'), 'file-invalid-type')),
    ).toBe('File anim.gif is not a supported format. Use JPG, PNG or WEBP');
    expect(rejectionMessage(rejection(imageFile('empty.png', 0), 'file-too-small'))).toBe(
      'File empty.png is empty or too small',
    );
    expect(rejectionMessage(rejection(imageFile('a.png'), 'too-many-files'))).toBe(
      'Maximum 6 photos allowed',
    );
  });

  it('takes exactly 5 MB and refuses a drop that would pass 6 photos in total', () => {
    const exact = imageFile('exact.png', FIVE_MB);
    expect(selectPhotos([exact], [], 0)).toEqual({ accepted: [exact], messages: [] });
    const two = [imageFile('a.png'), imageFile('b.png')];
    expect(selectPhotos(two, [], 4)).toEqual({ accepted: two, messages: [] });
    expect(selectPhotos(two, [], 5)).toEqual({
      accepted: [],
      messages: ['Maximum 6 photos allowed'],
    });
  });

  it("counts against the plan's allowance: a drop past 3 photos on Trial-Free is refused with the plan's message", () => {
    const two = [imageFile('a.png'), imageFile('b.png')];
    expect(selectPhotos(two, [], 1, 'free')).toEqual({ accepted: two, messages: [] });
    expect(selectPhotos(two, [], 2, 'free')).toEqual({
      accepted: [],
      messages: ['Your Trial-Free plan allows up to 3 photos. Upgrade to add more.'],
    });
    expect(selectPhotos(two, [], 3, 'beginner').messages).toEqual([
      'Your Beginner plan allows up to 4 photos. Upgrade to add more.',
    ]);
    expect(selectPhotos(two, [], 4, 'professional')).toEqual({ accepted: two, messages: [] });
  });

  it('names the plans that allow more photos than the chosen one', () => {
    expect(plansAllowingMore('free')).toBe('Beginner allows 4, Professional 6');
    expect(plansAllowingMore('beginner')).toBe('Professional allows 6');
    expect(plansAllowingMore('professional')).toBe('');
  });

  it('says "Maximum 6 photos allowed" once however many files were refused for it', () => {
    const files = Array.from({ length: 7 }, (_, index) => imageFile(`p${index}.png`));
    const result = selectPhotos(
      [],
      files.map((file) => rejection(file, 'too-many-files')),
      0,
    );
    expect(result).toEqual({ accepted: [], messages: ['Maximum 6 photos allowed'] });
  });
});

function renderStep(overrides: Partial<PhotosStepProps> = {}) {
  const props: PhotosStepProps = {
    photos: [],
    plan: 'professional',
    progress: null,
    failures: [],
    deleting: null,
    busy: false,
    onDrop: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(<PhotosStep {...props} />);
  return props;
}

describe('photo drop zone', () => {
  // Choosing files in the dialog: the browser's own type filter is left out, as dropping does.
  const user = () => userEvent.setup({ delay: null, applyAccept: false });

  it('accepts JPG, PNG and WEBP, several at once', async () => {
    const props = renderStep();
    const input = screen.getByLabelText('Choose photos');
    expect(input).toHaveAttribute(
      'accept',
      'image/jpeg,.jpeg,.jpg,image/png,.png,image/webp,.webp',
    );
    expect(input).toHaveAttribute('multiple');
    const files = [
      imageFile('a.jpg', 10, 'image/jpeg'),
      imageFile('b.png'),
      imageFile('c.webp', 10, 'image/webp'),
    ];
    await user().upload(input, files);
    await waitFor(() => expect(props.onDrop).toHaveBeenCalledWith(files, []));
  });

  it('refuses a file over 5 MB and a file that is not an image, by name, and takes the rest', async () => {
    const props = renderStep();
    const good = imageFile('good.png');
    await user().upload(screen.getByLabelText('Choose photos'), [
      good,
      imageFile('huge.jpg', FIVE_MB + 1, 'image/jpeg'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() =>
      expect(props.onDrop).toHaveBeenCalledWith(
        [good],
        ['File huge.jpg is too large. Maximum size is 5MB', 'File cv.pdf is not an image'],
      ),
    );
  });

  it('refuses more than 6 photos in total', async () => {
    const props = renderStep({
      photos: Array.from({ length: 5 }, (_, index) => ({
        url: `/api/media/${index}.webp`,
        thumbnailUrl: `/t/${index}`,
        altText: null,
      })),
    });
    await user().upload(screen.getByLabelText('Choose photos'), [
      imageFile('a.png'),
      imageFile('b.png'),
    ]);
    await waitFor(() =>
      expect(props.onDrop).toHaveBeenCalledWith([], ['Maximum 6 photos allowed']),
    );
  });

  it('refuses 7 files in one go', async () => {
    const props = renderStep();
    await user().upload(
      screen.getByLabelText('Choose photos'),
      Array.from({ length: 7 }, (_, index) => imageFile(`p${index}.png`)),
    );
    await waitFor(() =>
      expect(props.onDrop).toHaveBeenCalledWith([], ['Maximum 6 photos allowed']),
    );
  });

  it('lists the requirements and the plan allowance, marks the profile picture and deletes a photo', async () => {
    const onDelete = vi.fn();
    renderStep({
      plan: 'free',
      onDelete,
      photos: [
        { url: '/api/media/1.webp', thumbnailUrl: '/api/media/1-t.webp', altText: null },
        { url: '/api/media/2.webp', thumbnailUrl: '/api/media/2-t.webp', altText: null },
      ],
    });
    expect(screen.getByRole('list', { name: 'Photo requirements' })).toHaveTextContent(
      /Up to 3 photos on your Trial-Free plan \(Beginner allows 4, Professional 6\).*JPG, PNG or WEBP.*5MB each/,
    );
    expect(screen.getByText('2 of 3 photos added')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 (profile picture)' })).toBeInTheDocument();
    expect(screen.getByText('Profile picture')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete photo 2' }));
    expect(onDelete).toHaveBeenCalledWith({
      url: '/api/media/2.webp',
      thumbnailUrl: '/api/media/2-t.webp',
      altText: null,
    });
  });

  it("on a 3-photo plan with 3 photos, says the plan's limit is reached and which plans allow more", () => {
    renderStep({
      plan: 'free',
      photos: Array.from({ length: 3 }, (_, index) => ({
        url: `/api/media/${index}.webp`,
        thumbnailUrl: `/t/${index}`,
        altText: null,
      })),
    });
    expect(screen.getByText('3 of 3 photos added')).toBeInTheDocument();
    expect(screen.queryByText(/of 6 photos added/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('group', {
        name: 'You have added the 3 photos your Trial-Free plan allows. Beginner allows 4, Professional 6.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeDisabled();
  });

  it('offers the whole allowance of 6 on Professional, with nothing to upgrade to', () => {
    renderStep({ plan: 'professional' });
    expect(screen.getByRole('list', { name: 'Photo requirements' })).toHaveTextContent(
      /^Up to 6 photosJPG/,
    );
    expect(screen.getByText('0 of 6 photos added')).toBeInTheDocument();
    expect(screen.queryByText(/allows \d/)).not.toBeInTheDocument();
  });

  it('is a drop area named by its visible text, holding no control; a separate button chooses files', async () => {
    const props = renderStep();
    const zone = screen.getByRole('group', { name: 'Drag photos here, or click to choose' });
    expect(zone).toHaveTextContent('Drag photos here, or click to choose');
    expect(zone).not.toHaveAttribute('tabindex');
    expect(zone.querySelector('button, input, a, [role="button"], [tabindex]')).toBeNull();
    const choose = screen.getByRole('button', { name: 'Choose photos' });
    expect(zone).not.toContainElement(choose);
    const file = imageFile('a.png');
    await user().upload(screen.getByLabelText('Choose photos'), [file]);
    await waitFor(() => expect(props.onDrop).toHaveBeenCalledWith([file], []));
  });

  it('shows the upload progress', () => {
    renderStep({ progress: { fileName: 'me.png', percent: 42 }, busy: true });
    expect(screen.getByRole('progressbar', { name: 'Uploading me.png' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  });
});
