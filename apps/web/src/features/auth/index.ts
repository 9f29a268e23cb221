/**
 * What other features may use of account entry:
 * - `RecoveryCodesPanel({ codes, onContinue })` — new recovery codes shown once, with Copy,
 *   Download (.txt) and "I saved these codes" (2FA setup, Settings → Two-factor & recovery).
 */
export {
  RecoveryCodesPanel,
  recoveryCodesText,
  RECOVERY_CODES_FILE_NAME,
  type RecoveryCodesPanelProps,
} from './components/recovery-codes-panel';
