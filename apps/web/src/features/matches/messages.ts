import { MATCH_MESSAGES } from '@kindred/contracts';

/** The matches screens' own words (the API's are in the contracts' MATCH_MESSAGES). */
export const MATCHES_UI_MESSAGES = {
  itsAMatch: MATCH_MESSAGES.itsAMatch,
  matchDescription: (name: string) => `You and ${name} like each other.`,
  sendMessage: 'Send a message',
  keepBrowsing: 'Keep browsing',
  unmatchTitle: (name: string) => `Unmatch ${name}?`,
  unmatchDescription: (name: string) =>
    `${name} leaves your matches and you can no longer write to each other. ${name} is not told why.`,
  unmatchConfirm: 'Unmatch',
  unmatched: (name: string) => `You unmatched ${name}`,
  visitorsLocked: 'See who visited your profile with a plan that includes profile visitors.',
  visitorsOff:
    'You leave no visits, so you see no visitors either. Turn “Let members see when I visit their profile” on in Settings → Privacy to see them.',
  upgrade: 'Upgrade to see who',
} as const;
