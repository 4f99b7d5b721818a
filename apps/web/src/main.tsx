// First: the app's modules must find the page's CSP settings in place when they evaluate.
import './shared/csp/csp-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
