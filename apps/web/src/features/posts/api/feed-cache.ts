import type { PostDto, PostPage } from '@kindred/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from './query-keys';

/** What a cached feed holds: the pages fetched so far, each with its cursor. */
export type FeedData = InfiniteData<PostPage, string | null>;

/** Applies `update` to the post with this id in every cached feed that holds it. */
export function updatePostInFeeds(
  queryClient: QueryClient,
  postId: string,
  update: (post: PostDto) => PostDto,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.feeds() }, (data) => {
    if (!data || !data.pages.some((page) => page.posts.some((post) => post._id === postId))) {
      return data;
    }
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        posts: page.posts.map((post) => (post._id === postId ? update(post) : post)),
      })),
    };
  });
}

/** The post as the first cached feed holding it has it, if any. */
export function findCachedPost(queryClient: QueryClient, postId: string): PostDto | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: postKeys.feeds() })) {
    for (const page of data?.pages ?? []) {
      const found = page.posts.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Takes the post out of every cached feed (keeping the pages' cursors as they are). */
export function removePostFromFeeds(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.feeds() }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        posts: page.posts.filter((post) => post._id !== postId),
      })),
    };
  });
}
