import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

/** A page with the usual landmarks and a dialog it can open. */
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

  it('opens as a modal <dialog> (the browser makes the page behind inert), focus inside, and gives focus back on close', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Post' });

    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('opens a dialog over another modally, closes only the top one on Escape, and gives focus back in turn', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const outer = screen.getByRole('dialog', { name: 'Create Post' });
    await user.click(within(outer).getByRole('button', { name: 'Delete' }));
    const inner = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(showModal.mock.contexts).toEqual([outer, inner]);
    expect(inner).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete post?' })).toBeNull();
    expect(outer).toHaveAttribute('open');
    expect(within(outer).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one inside the panel', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Post' });
    await user.click(within(dialog).getByText('Body'));
    expect(dialog).toHaveAttribute('open');
    await user.pointer({ keys: '[MouseLeft]', target: dialog });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
