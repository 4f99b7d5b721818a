// The page's entry puts the page's CSP settings in place (zod without eval, the style nonce), and only
// then loads the app.
//
// Why the app is imported dynamically: a static import cannot be made to run first. Rollup merges an
// entry's own modules into the entry chunk, and a chunk runs only after every chunk it imports; once
// a shared chunk held zod and the contract's schemas (the tabs' shared session put one in the entry's
// static graph), the schemas were built, and zod's eval probe reported as a CSP violation, before the
// entry's first line ran. A dynamic import is evaluated only after this module has run, whatever
// chunks the bundler makes.
import './shared/csp/csp-setup';

void import('./app-main');
