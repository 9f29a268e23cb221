/** Choosing a plan: the rules of a plan change; the subscription's fields are the member's (users). */
export { planChange, recordPlan, selectPlan } from './service.js';
export { subscriptionRoutes } from './routes.js';
export { trialEndingEmail, trialEndDateText } from './trial-emails.js';
