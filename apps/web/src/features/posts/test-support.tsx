import type { AuthorSummary, CommentDto, PostDto } from '@kindred/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToastContainer } from '../../components/ui/toasts';

/**
 * Test helpers for the posts area: data builders and a render with query client and router. The API
 * is faked with `mockApi` (testing/api.ts).
 */

export const VIEWER_ID = '11111111-1111-4111-8111-111111111111';
export const ALICE_ID = '22222222-2222-4222-8222-222222222222';
export const BOB_ID = '33333333-3333-4333-8333-333333333333';

export function author(overrides: Partial<AuthorSummary> = {}): AuthorSummary {
  return {
    _id: ALICE_ID,
    firstName: 'Alice',
    lastName: 'Archer',
    profilePicture: null,
    verifiedBadge: true,
    photoVerified: false,
    ...overrides,
  };
}

export function buildPost(overrides: Partial<PostDto> = {}): PostDto {
  return {
    _id: '44444444-4444-4444-8444-444444444444',
    userId: author(),
    title: 'Sunset at the lake',
    description: 'What an evening.',
    privacy: 'public',
    media: null,
    likes: [],
    likesCount: 2,
    commentsCount: 0,
    isLiked: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    editedAt: null,
    commentPolicy: 'everyone',
    canComment: true,
    sensitive: false,
    markedSensitive: false,
    canDelete: false,
    canEdit: false,
    ...overrides,
  };
}

let commentCounter = 0;
export function buildComment(overrides: Partial<CommentDto> = {}): CommentDto {
  commentCounter += 1;
  return {
    _id: `55555555-5555-4555-8555-${String(commentCounter).padStart(12, '0')}`,
    userId: author(),
    authorDeleted: false,
    content: `Comment ${commentCounter}`,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    editedAt: null,
    mentions: [],
    replies: [],
    deleted: false,
    canDelete: false,
    canEdit: false,
    ...overrides,
  };
}

/** Renders `ui` at /feed with a fresh query client (no retries), a router and the feed's toasts. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <AppToastContainer area="feed" />
          </>
        ),
      },
    ],
    { initialEntries: ['/feed'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

/** A promise with its resolve function, to answer a request when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
