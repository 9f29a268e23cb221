import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ALICE_ID, author, json, renderWithProviders, stubFetch } from '../test-support';
import { MentionTextarea } from './mention-textarea';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <MentionTextarea label="Write a comment" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function stubSearch() {
  return stubFetch({
    'GET /api/users/search': (url) =>
      json(200, {
        success: true,
        users: url.searchParams.get('q')?.toLowerCase().startsWith('al')
          ? [
              author(),
              author({
                _id: '66666666-6666-4666-8666-666666666666',
                firstName: 'Alan',
                lastName: 'Turing',
              }),
            ]
          : [],
      }),
  });
}

describe('@mention autocomplete', () => {
  it('suggests members for "@Al" and inserts the picked one as @[Name](id)', async () => {
    const calls = stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Write a comment'), 'Great shot @Al');
    const option = await screen.findByRole('option', { name: 'Alice Archer' });
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('Al');
    await user.click(option);

    expect(screen.getByTestId('value')).toHaveTextContent(
      `Great shot @[Alice Archer](${ALICE_ID})`,
    );
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is driven by the keyboard: arrows move, Enter picks', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByLabelText('Write a comment');

    await user.type(box, '@al');
    await screen.findByRole('option', { name: 'Alan Turing' });
    expect(screen.getByRole('option', { name: 'Alice Archer' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Alan Turing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Alan Turing' }).id,
    );
    await user.keyboard('{Enter}');

    expect(screen.getByTestId('value').textContent).toBe(
      '@[Alan Turing](66666666-6666-4666-8666-666666666666) ',
    );
  });

  it('closes on Escape and says when nobody matches', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByLabelText('Write a comment');

    await user.type(box, '@zz');
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('No members found')).toBeNull());
  });
});
