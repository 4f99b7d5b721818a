// Only main.tsx imports this module, and it runs before the app loads. It must import nothing that
// imports a library: whatever a module imports runs before the module's own lines.
import './zod-jitless';
import { applyStyleNonce } from './style-nonce';

// antd writes its styles as modules load and components mount: they need the page's nonce from the start.
applyStyleNonce();
