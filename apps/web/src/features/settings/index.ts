/**
 * Account settings:
 * - `SettingsModal({ open, onClose })` — temporarily disable the account or delete it, each behind a
 *   confirmation; both sign the member out on success.
 */
export { SettingsModal, type SettingsModalProps } from './components/settings-modal';
