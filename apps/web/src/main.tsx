import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStyleNonce } from './shared/csp/style-nonce';

// Before the first render: antd writes its styles as the components mount.
applyStyleNonce();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
