/**
 * The placeholder the web build writes where each page's Content-Security-Policy nonce goes
 * (Vite's `html.cspNonce`); the server replaces it with a fresh nonce on every index.html it sends.
 */
export const CSP_NONCE_PLACEHOLDER = 'TSUNAGU_CSP_NONCE';
