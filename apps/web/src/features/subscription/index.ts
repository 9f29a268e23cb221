/**
 * The member's subscription on every member page:
 * - `TrialBanner` — the free trial's end ("ends on" / "ended on" with Upgrade), rendered by the
 *   member layout through MemberShellContext (app/member-shell.tsx composes it in).
 */
export { TrialBanner } from './components/trial-banner';
