import type {
  ModerationLogResponse,
  ModerationQueueResponse,
  ReportStatus,
  ResolveReportRequest,
  ResolveReportResponse,
} from '@kindred/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /api/moderation/reports: cases (reports grouped by what they are about), keyset-paged. */
export function useModerationQueue(status: ReportStatus, options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam }) =>
      api.get<ModerationQueueResponse>('/moderation/reports', {
        query: { status, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: options.enabled,
  });
}

/** GET /api/moderation/log: every moderator action, newest first. */
export function useModerationLog(options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: moderationKeys.log(),
    queryFn: ({ pageParam }) =>
      api.get<ModerationLogResponse>('/moderation/log', {
        query: { limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: options.enabled,
  });
}

/** POST /api/moderation/reports/{id}/resolve: resolves every open report on the case's target. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, ...input }: ResolveReportRequest & { reportId: string }) =>
      api.post<ResolveReportResponse>(
        `/moderation/reports/${encodeURIComponent(reportId)}/resolve`,
        input,
      ),
    // Removed content and suspended members disappear from feeds too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
