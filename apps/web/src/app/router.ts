import { createBrowserRouter } from 'react-router';
// First: a new tab takes the session of the browser's other tabs before the visit is routed.
import '../shared/session/tab-session-boot';
import { createQueryClient } from './query-client';
import { leaveForLoginWhenSessionEnds, routeVisitBySession } from './require-session';
import { appRoutes } from './routes';

// Before the router reads the URL: a visit without a live session starts at /login.
routeVisitBySession();

/** The app's query client: the providers' and the one the screens' routes prefetch into. */
export const queryClient = createQueryClient();

/** The app's browser router (react-router data mode). */
export const router = createBrowserRouter(appRoutes(queryClient));

leaveForLoginWhenSessionEnds(router);
