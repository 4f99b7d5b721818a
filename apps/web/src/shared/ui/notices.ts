import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { App } from 'antd';
import { useMemo } from 'react';
import { showAlert } from './alert';

/** What the alert says for a failed save or delete: the server's msg for a refused request (spec 8). */
export function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.errorOccurred;
  if (error.status < 500) return error.message;
  return `${messages.errorOccurred}\n${error.message}`;
}

/** The result notices of the PBX screens: toasts for success, an alert with the server's msg for failure. */
export function useNotices() {
  const { message } = App.useApp();
  return useMemo(
    () => ({
      /** '保存されました!' */
      saved: () => void message.success(messages.saved),
      /** '削除されました。' (a warning toast, as the spec has it) */
      deleted: () => void message.warning(messages.deleted),
      /** An alert titled お知らせ; a 401 is left alone, the user is already on the way to /login. */
      failed: (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return;
        showAlert(failureText(error));
      },
    }),
    [message],
  );
}
