import { useCallback } from 'react';
import { showAlert } from './alert';
import type { ContractCheck } from './contract-check';
import { useNotices } from './notices';

/**
 * The save step of a registration dialog: the first failing contract rule is shown as an alert; a
 * passing payload is saved, then '保存されました!' and the dialog closes; a refusal shows the server's msg.
 */
export function useDialogSubmit<P>(save: (payload: P) => Promise<unknown>, onClose: () => void) {
  const notices = useNotices();
  return useCallback(
    async (check: ContractCheck<P>) => {
      if (check.error !== undefined) {
        showAlert(check.error);
        return;
      }
      try {
        await save(check.payload);
      } catch (error) {
        notices.failed(error);
        return;
      }
      notices.saved();
      onClose();
    },
    [save, onClose, notices],
  );
}
