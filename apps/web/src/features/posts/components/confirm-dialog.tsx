// The dialog is shared (components/ui); posts' components import it from here.
export { ConfirmDialog, type ConfirmDialogProps } from '../../../components/ui/confirm-dialog';
