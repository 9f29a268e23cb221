/**
 * Reports and moderation:
 * - `useReportAction({ targetType, targetId, member, viewerId })` — the "Report" entry of a ⋯ menu
 *   (post cards, comments, profiles, photos) with its dialog to render beside the menu.
 * The moderation page itself is a lazy route (routes/moderation-page.tsx); the member menu links it
 * for the role stored at sign-in, and the page asks the API (GET /users/{own id} names the role).
 */
export {
  useReportAction,
  type ReportAction,
  type ReportActionOptions,
} from './components/use-report-action';
export { ReportDialog, type ReportTarget } from './components/report-dialog';
