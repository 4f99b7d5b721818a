import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import { useEffect, useState, type ReactNode } from 'react';
import { subscribeSession, getSession } from '../shared/session/session-store';
import { resetShellState } from '../shared/shell-state/shell-state';
import { createQueryClient } from './query-client';

// Japanese system fonts first; index.html gives plain elements the same stack.
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif";

const theme: ThemeConfig = {
  token: { fontFamily: FONT_FAMILY },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 48,
      headerPadding: '0 12px',
      siderBg: '#ffffff',
      lightTriggerBg: '#fafafa',
    },
  },
};

/** Everything around the router: antd (Japanese, small) and the query client. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // When the session ends (logout or 401), nothing of the previous user may stay on screen.
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession()) return;
        queryClient.clear();
        resetShellState();
      }),
    [queryClient],
  );

  return (
    <ConfigProvider locale={jaJP} componentSize="small" button={{ autoInsertSpace: false }} theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
