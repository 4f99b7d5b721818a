import type { $ZodConfig } from 'zod/v4/core';

/**
 * Zod must never compile parsers here: it probes `new Function`, the page's CSP (script-src 'self')
 * forbids eval, and Chromium reports even the probe zod catches as a violation. Zod reads its
 * configuration from this global when it first loads, so setting it before zod loads is enough.
 *
 * This module imports nothing at run time on purpose (see main.tsx and csp-setup.ts).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
