import { render, screen } from '@testing-library/react';
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
    expect(trigger).toHaveFocus();
  });

  it('renders nothing when there is no action', () => {
    const { container } = render(<ActionMenu label="More actions" items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
