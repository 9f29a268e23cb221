import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

/** A page with the usual landmarks, a live region for notifications, and a dialog it can open. */
function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  return (
    <>
      <header>
        <nav aria-label="Main menu">
          <a href="/feed">Home</a>
        </nav>
      </header>
      <main>
        <h1>Feed</h1>
        <Button onClick={() => setOpen(true)}>Open</Button>
      </main>
      <footer>Kindred</footer>
      <section aria-live="polite" aria-label="Notifications" />
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Create Post"
        footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      >
        <p>Body</p>
        {nested ? <Button onClick={() => setInnerOpen(true)}>Delete</Button> : null}
        <Modal open={innerOpen} onClose={() => setInnerOpen(false)} title="Delete post?">
          <p>Sure?</p>
        </Modal>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('adds no banner or contentinfo landmark of its own (its header and footer are not page landmarks)', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Post' });
    expect(within(dialog).queryAllByRole('banner')).toEqual([]);
    expect(within(dialog).queryAllByRole('contentinfo')).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('makes the page behind inert while open, keeps notifications live, and gives the page back on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<Page />);
    const notifications = container.querySelector('[aria-live]')!;
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Post' });

    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    expect(notifications.closest('[inert]')).toBeNull();
    // The page's landmarks are out of reach: assistive technology finds only the dialog's.
    expect(screen.getByRole('banner').closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('contentinfo').closest('[inert]')).not.toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('hands inertness to the top dialog when one opens over another, and back when it closes', async () => {
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const outer = screen.getByRole('dialog', { name: 'Create Post' });
    await user.click(within(outer).getByRole('button', { name: 'Delete' }));
    const inner = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(outer.closest('[inert]')).not.toBeNull();
    expect(inner.closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete post?' })).toBeNull();
    expect(outer.closest('[inert]')).toBeNull();
    expect(document.querySelector('main')!.closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
