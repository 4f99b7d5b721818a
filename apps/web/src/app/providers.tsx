import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import { useEffect, useState, type ReactNode } from 'react';
import { subscribeSession, getSession } from '../shared/session/session-store';
import { resetShellState } from '../shared/shell-state/shell-state';
import { createQueryClient } from './query-client';
import { createKeptStyleCache } from './style-cache';
import { theme } from './theme';

/** Everything around the router: antd (Japanese, small) and the query client (the router's, or a new one). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [styleCache] = useState(createKeptStyleCache);

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

  // virtual={false}: a select's options are real role="option" elements, every one of them, for screen
  // readers and tests alike (the virtual list shows assistive technology three options at a time).
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider
        locale={jaJP}
        componentSize="small"
        button={{ autoInsertSpace: false }}
        theme={theme}
        virtual={false}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </StyleProvider>
  );
}
