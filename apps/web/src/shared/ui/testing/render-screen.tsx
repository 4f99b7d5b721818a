import type { UserInfo } from '@tsunagu/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import type { ReactNode } from 'react';
import { startSession } from '../../session/session-store';
import { NoticeBridge } from '../notice-bridge';

/** Renders a screen as the shell would host it: a signed-in session, antd (ja, small) and a fresh query client. */
export function renderScreen(ui: ReactNode, user: UserInfo) {
  startSession('test-token', user);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ConfigProvider locale={jaJP} componentSize="small" button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={queryClient}>
        <App>
          <NoticeBridge />
          {ui}
        </App>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...view, queryClient };
}

/** The latest alert ('お知らせ') on screen, once one appears (closed ones may linger while they fade). */
export async function findAlert(): Promise<HTMLElement> {
  const titles = await screen.findAllByText('お知らせ');
  const dialog = titles.at(-1)?.closest('.ant-modal-confirm');
  if (!(dialog instanceof HTMLElement)) throw new Error('the alert is not in a dialog');
  return dialog;
}

/** The latest button with this name (a closing modal may still show an older one). */
export async function findLastButton(name: string): Promise<HTMLElement> {
  const buttons = await screen.findAllByRole('button', { name });
  return buttons.at(-1) as HTMLElement;
}

/** The message body of the alert shown now. */
export async function alertMessage(): Promise<string> {
  const dialog = await findAlert();
  const isMessage = (_: string, element: Element | null) =>
    element instanceof HTMLElement && element.style.whiteSpace === 'pre-line';
  return within(dialog).getByText(isMessage).textContent ?? '';
}

/** A grid row by a text it shows. */
export function rowWith(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no grid row shows ${text}`);
  return row;
}
