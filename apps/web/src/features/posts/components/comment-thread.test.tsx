import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALICE_ID, BOB_ID, author, buildComment, renderWithProviders } from '../test-support';
import { HighlightedCommentContext } from './comment-highlight';
import { CommentThread, FOLDED_FROM_DEPTH, REPLIES_PER_PAGE } from './comment-thread';
import commentsStyles from './comments.module.css';

const POST_ID = '44444444-4444-4444-8444-444444444444';

/** Sum of the reply indentation between a comment and the top of its thread. */
function indentOf(element: HTMLElement): number {
  let total = 0;
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (node.classList.contains(commentsStyles.commentList!)) {
      total += Number.parseFloat(node.style.paddingInlineStart || '0');
    }
  }
  return total;
}

describe('a comment thread', () => {
  it('indents each level of replies 20 px further', () => {
    const grandchild = buildComment({ content: 'Level two' });
    const child = buildComment({ content: 'Level one', replies: [grandchild] });
    const root = buildComment({ content: 'Level zero', replies: [child] });
    renderWithProviders(<CommentThread postId={POST_ID} comments={[root]} />);

    const [zero, one, two] = ['Level zero', 'Level one', 'Level two'].map(
      (text) => screen.getByText(text).closest('article') as HTMLElement,
    );
    expect(indentOf(zero!)).toBe(0);
    expect(indentOf(one!)).toBe(20);
    expect(indentOf(two!)).toBe(40);
  });

  it('offers Delete only on comments the API says the viewer may delete', () => {
    const mine = buildComment({
      content: 'Mine',
      userId: author({ _id: BOB_ID, firstName: 'Bob', lastName: 'Baker' }),
      canDelete: true,
    });
    const theirs = buildComment({ content: 'Theirs', userId: author({ _id: ALICE_ID }) });
    renderWithProviders(<CommentThread postId={POST_ID} comments={[theirs, mine]} />);

    const bobs = screen.getByRole('article', { name: 'Comment by Bob Baker' });
    const alices = screen.getByRole('article', { name: 'Comment by Alice Archer' });
    expect(within(bobs).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(alices).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(
      within(alices).getByRole('button', { name: 'Reply to Alice Archer' }),
    ).toBeInTheDocument();
  });

  it('renders mentions as links to the profile and names missing authors', () => {
    const mention = buildComment({
      content: `Look @[Alice Archer](${ALICE_ID}) and @[Gone](${BOB_ID})`,
      mentions: [{ _id: ALICE_ID, firstName: 'Alice', lastName: 'Archer' }],
    });
    const orphan = buildComment({ content: 'Old words', userId: null, authorDeleted: true });
    const placeholder = buildComment({
      deleted: true,
      content: '',
      userId: null,
      replies: [buildComment({ content: 'Still here' })],
    });
    renderWithProviders(
      <CommentThread postId={POST_ID} comments={[mention, orphan, placeholder]} />,
    );

    expect(screen.getByRole('link', { name: '@Alice Archer' })).toHaveAttribute(
      'href',
      `/viewprofile/${ALICE_ID}`,
    );
    expect(screen.queryByRole('link', { name: '@Gone' })).toBeNull();
    expect(screen.getByText('@Gone')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Comment by Deleted User' })).toBeInTheDocument();
    expect(screen.getByText('This comment was deleted.')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });
});

describe('a deep thread', () => {
  /** A chain of replies `length` deep, as the API would never send it (it nests 6 at most). */
  function chain(length: number) {
    let node = buildComment({ content: `Reply ${length - 1}` });
    for (let index = length - 2; index >= 0; index--) {
      node = buildComment({ content: `Reply ${index}`, replies: [node] });
    }
    return node;
  }

  it(`folds replies from depth ${FOLDED_FROM_DEPTH} behind "Show N replies", rendering them only when opened`, async () => {
    const user = userEvent.setup();
    renderWithProviders(<CommentThread postId={POST_ID} comments={[chain(200)]} />);
    expect(screen.getAllByRole('article')).toHaveLength(FOLDED_FROM_DEPTH);
    const show = screen.getByRole('button', { name: `Show ${200 - FOLDED_FROM_DEPTH} replies` });
    await user.click(show);
    expect(screen.getAllByRole('article')).toHaveLength(FOLDED_FROM_DEPTH + 1);
    expect(screen.getByText(`Reply ${FOLDED_FROM_DEPTH}`)).toBeInTheDocument();
  });

  it('shows a long flat list of replies a page at a time, with "replying to @name"', async () => {
    const user = userEvent.setup();
    const replies = Array.from({ length: REPLIES_PER_PAGE + 5 }, (_, index) =>
      buildComment({
        content: `Flat ${index}`,
        replyingTo: { _id: ALICE_ID, firstName: 'Alice', lastName: 'Archer' },
      }),
    );
    const root = buildComment({ content: 'Root', replies });
    renderWithProviders(<CommentThread postId={POST_ID} comments={[root]} />);
    expect(screen.getAllByRole('article')).toHaveLength(1 + REPLIES_PER_PAGE);
    expect(screen.getAllByRole('link', { name: '@Alice Archer' })[0]).toHaveAttribute(
      'href',
      `/viewprofile/${ALICE_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Show more replies (5)' }));
    expect(screen.getAllByRole('article')).toHaveLength(1 + REPLIES_PER_PAGE + 5);
  });

  it('opens the folds that hold the comment a link points at', () => {
    const deep = chain(8);
    let target = deep;
    while (target.replies[0]) target = target.replies[0];
    renderWithProviders(
      <HighlightedCommentContext.Provider value={target._id}>
        <CommentThread postId={POST_ID} comments={[deep]} />
      </HighlightedCommentContext.Provider>,
    );
    expect(screen.getByText('Reply 7')).toBeInTheDocument();
  });
});
