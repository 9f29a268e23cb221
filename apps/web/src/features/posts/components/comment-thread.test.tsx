import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALICE_ID, BOB_ID, author, buildComment, renderWithProviders } from '../test-support';
import { CommentThread } from './comment-thread';
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
