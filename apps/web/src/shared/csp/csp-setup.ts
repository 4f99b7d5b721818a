import { config } from 'zod/v4/core';
import { applyStyleNonce } from './style-nonce';

// main.tsx imports this module first, so it runs before every other module of the app evaluates.

// Zod probes `new Function` to compile faster parsers; the page's CSP forbids eval, and Chromium
// reports even the probe it catches as a violation. The browser's forms are small: no compiling.
config({ jitless: true });

// antd writes its styles as modules load and components mount: they need the page's nonce from the start.
applyStyleNonce();
