import type { ModalFuncProps } from 'antd';
import { messages } from '@tsunagu/contract/messages';
import { ja } from '../i18n/ja';

/** Whatever can open an error dialog (antd's App-context modal once the shell mounts it). */
export interface AlertPresenter {
  error: (props: ModalFuncProps) => unknown;
}

// Set by NoticeBridge. Kept free of antd's Modal code so the login route does not download it.
let presenter: AlertPresenter | null = null;

/** Registers (or, with null, removes) the dialog presenter. */
export function setAlertPresenter(next: AlertPresenter | null): void {
  presenter = next;
}

/** Shows an alert titled 'お知らせ' with an OK button (spec 8 "Confirmations and notices"). */
export function showAlert(content: string): void {
  if (!presenter) {
    console.error(messages.errorOccurred, content);
    return;
  }
  presenter.error({
    title: ja.notice.title,
    content: <div style={{ whiteSpace: 'pre-line' }}>{content}</div>,
    okText: ja.notice.ok,
  });
}
