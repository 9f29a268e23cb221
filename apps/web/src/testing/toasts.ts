import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the toast saying `text` has been taken away. A dismissed toast plays an exit
 * animation before it leaves the page; jsdom runs no CSS animations, so its end is signalled here.
 */
export async function expectToastDismissed(text: string): Promise<void> {
  const toast = screen.getByText(text).closest('.Toastify__toast');
  if (!toast) throw new Error(`"${text}" is not a toast`);
  await waitFor(() => expect(toast).toHaveAttribute('data-in', 'false'));
  fireEvent.animationEnd(toast);
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}
