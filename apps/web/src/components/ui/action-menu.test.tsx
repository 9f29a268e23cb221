import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from './action-menu';

describe('ActionMenu', () => {
  it('opens from its button, runs the chosen action by keyboard and gives focus back', async () => {
    const user = userEvent.setup();
    const block = vi.fn();
    const report = vi.fn();
    render(
      <ActionMenu
        label="More actions for Ana"
        items={[
          { id: 'report', label: 'Report', onSelect: report },
          { id: 'block', label: 'Block', onSelect: block, danger: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'More actions for Ana' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Report',
      'Block',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(block).toHaveBeenCalledTimes(1);
    expect(report).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The stand-in button gave way to the menu's own, which has focus back.
    expect(screen.getByRole('button', { name: 'More actions for Ana' })).toHaveFocus();
  });

  it('opens on a click that comes before the menu has loaded', async () => {
    const user = userEvent.setup();
    const report = vi.fn();
    render(
      <ActionMenu
        label="More actions for Ana"
        items={[{ id: 'report', label: 'Report', onSelect: report }]}
      />,
    );
    // A click with no pointing before it (assistive technology, a quick tap): the stand-in is
    // still there when it lands.
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Ana' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('gives the first action focus when Enter came before the menu had loaded', async () => {
    render(
      <ActionMenu
        label="More actions for Ana"
        items={[
          { id: 'report', label: 'Report', onSelect: vi.fn() },
          { id: 'block', label: 'Block', onSelect: vi.fn() },
        ]}
      />,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'More actions for Ana' }), {
      key: 'Enter',
    });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus());
  });

  it('stays the same button until pressed (focusing it only fetches the menu)', async () => {
    render(
      <ActionMenu
        label="More actions for Ana"
        items={[{ id: 'report', label: 'Report', onSelect: vi.fn() }]}
      />,
    );
    const button = screen.getByRole('button', { name: 'More actions for Ana' });
    button.focus();
    // Focusing fetches the menu's code: once it is in, a menu opened by the focus would be drawn.
    await act(async () => {
      await import('./action-menu-popup');
    });
    expect(screen.getByRole('button', { name: 'More actions for Ana' })).toBe(button);
    expect(button).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('renders nothing when there is no action', () => {
    const { container } = render(<ActionMenu label="More actions" items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
