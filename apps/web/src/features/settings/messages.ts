import { USER_MESSAGES } from '@kindred/contracts';

/** Account settings texts (SPEC §2 "Settings modal", §8 "Account"). */
export const SETTINGS_MESSAGES = {
  disabled: USER_MESSAGES.disabled,
  disableFailed: USER_MESSAGES.disableFailed,
  deleted: USER_MESSAGES.deleted,
  deleteFailed: USER_MESSAGES.deleteFailed,
  confirmDisable: 'Confirm Disable',
  deleteForever: 'Delete Forever',
} as const;
