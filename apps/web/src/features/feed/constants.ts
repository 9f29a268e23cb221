/** Where advertising enquiries and support questions go (SPEC §1, §2 Feed footer and right column). */
export const SUPPORT_EMAIL = 'support@kindred.example';

/** Social networks the footer lists; none is live yet (SPEC §1 "social links are coming soon"). */
export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'X (Twitter)'] as const;
