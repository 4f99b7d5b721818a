/**
 * Deployment settings baked in at build time (Vite `VITE_*` variables).
 * HELP opens the operator's external support site; set VITE_HELP_URL when building for a customer.
 */
export const HELP_URL: string = import.meta.env.VITE_HELP_URL ?? 'https://example.com/tsunagu/help';
