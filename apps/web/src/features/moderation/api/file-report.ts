import type { ReportRequest, ReportResponse } from '@kindred/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/reports: report a post, comment, member or photo; `block` also blocks the member. */
export function fileReport(input: ReportRequest): Promise<ReportResponse> {
  return api.post<ReportResponse>('/reports', input);
}

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileReport,
    // A block changes what nearly every screen shows (see the blocks feature): refetch it all.
    onSuccess: (answer) => (answer.blocked ? queryClient.invalidateQueries() : undefined),
  });
}
