/** Choosing a plan: the rules of a plan change; the subscription's fields are the member's (users). */
export {
  hasRunningPaidPlan,
  planChange,
  recordPlan,
  recordProviderPlan,
  selectPlan,
} from './service.js';
export type { PlanChangeReason } from './plan-change-log.js';
export { subscriptionRoutes } from './routes.js';
export { trialEndingEmail } from './trial-emails.js';
