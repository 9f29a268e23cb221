import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { draftToContent, EMPTY_MENTION_DRAFT } from '../lib/mentions';
import { mockApi, respond } from '../../../testing/api';
import { ALICE_ID, author, renderWithProviders } from '../test-support';
import { MentionTextarea } from './mention-textarea';
import styles from './mention-textarea.module.css';

/** The box, with what it would send shown in "value". */
function Harness() {
  const [draft, setDraft] = useState(EMPTY_MENTION_DRAFT);
  return (
    <>
      <div data-testid="card" style={{ overflow: 'hidden' }}>
        <MentionTextarea label="Write a comment" value={draft} onChange={setDraft} />
      </div>
      <output data-testid="value">{draftToContent(draft)}</output>
    </>
  );
}

function stubSearch() {
  return mockApi({
    'GET /api/users/search': (_body, url) =>
      respond(200, {
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
  it('suggests members for "@Al", shows the picked one as "@Alice Archer" and sends @[Name](id)', async () => {
    const calls = stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByLabelText('Write a comment');

    await user.type(box, 'Great shot @Al');
    const option = await screen.findByRole('option', { name: 'Alice Archer' });
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('Al');
    await user.click(option);

    expect(box).toHaveValue('Great shot @Alice Archer ');
    expect(screen.getByTestId('value')).toHaveTextContent(
      `Great shot @[Alice Archer](${ALICE_ID})`,
    );
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'thanks');
    expect(box).toHaveValue('Great shot @Alice Archer thanks');
    expect(screen.getByTestId('value').textContent).toBe(
      `Great shot @[Alice Archer](${ALICE_ID}) thanks`,
    );
  });

  it('highlights the picked members behind the text (hidden from assistive tech)', async () => {
    stubSearch();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Write a comment'), 'Hi @Al');
    await user.click(await screen.findByRole('option', { name: 'Alice Archer' }));

    const marks = container.querySelectorAll(`.${styles.mentionBoxHighlights} mark`);
    expect([...marks].map((mark) => mark.textContent)).toEqual(['@Alice Archer']);
    expect(marks[0]?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.keyboard('{Backspace}{Backspace}');
    expect(container.querySelectorAll(`.${styles.mentionBoxHighlights} mark`)).toHaveLength(0);
  });

  it('forgets a picked member once their name is edited', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const box = screen.getByLabelText('Write a comment');

    await user.type(box, '@Al');
    await user.click(await screen.findByRole('option', { name: 'Alice Archer' }));
    await user.keyboard('{Backspace}{Backspace}');

    expect(box).toHaveValue('@Alice Arche');
    expect(screen.getByTestId('value').textContent).toBe('@Alice Arche');
  });

  it('shows the suggestions in a layer outside the (clipping) card', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Write a comment'), '@Al');
    const listbox = await screen.findByRole('listbox', { name: 'Mention someone' });
    expect(screen.getByTestId('card')).not.toContainElement(listbox);
    expect(screen.getByLabelText('Write a comment')).toHaveAttribute('aria-controls', listbox.id);
  });

  it('keeps the active suggestion scrolled into view', async () => {
    stubSearch();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
      options?: boolean | ScrollIntoViewOptions,
    ) {
      expect(options).toEqual({ block: 'nearest' });
      scrolled.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.type(screen.getByLabelText('Write a comment'), '@al');
    await screen.findByRole('option', { name: 'Alan Turing' });
    await user.keyboard('{ArrowDown}');

    expect(scrolled.at(-1)).toBe(screen.getByRole('option', { name: 'Alan Turing' }));
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

    expect(box).toHaveValue('@Alan Turing ');
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
