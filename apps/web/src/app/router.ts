import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The app's browser router (react-router data mode). */
export const router = createBrowserRouter(routes);
