import { z } from 'zod';
import { actionLogQuerySchema } from '../action-log';
import {
  loginRequestSchema,
  tenantDirectorySchema,
  userInfoAnswerSchema,
  userSaveRequestSchema,
} from '../auth';
import { loginAnswerSchema } from '../two-step';
import { endpoint, noData } from './define';

/** GET /health: whether the server is up, which exchange it drives, and whether demo data is loaded. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  telephony: z.enum(['sandbox', 'freeswitch']),
  /** True when the demo tenant exists: the login page then lists the demo sign-ins. */
  demo: z.boolean(),
  /** The operator's help site (HELP_URL), or null: the header's HELP then opens the console's /help page. */
  helpUrl: z.string().nullable(),
});
export type Health = z.infer<typeof healthSchema>;

/** Signing in and out, the signed-in user, and the action log. */
export const authEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', public: true, response: healthSchema }),
  /** The token comes back in the Authorization header, unless `twoStep` asks for a second step first. */
  login: endpoint({
    method: 'POST',
    path: '/login',
    public: true,
    body: loginRequestSchema,
    response: loginAnswerSchema,
  }),
  logout: endpoint({ method: 'GET', path: '/logout', response: noData }),
  /**
   * Oneself, or anyone for a provider administrator: the user and the tenant. `?directory=true` adds the
   * spec's extensions, gwList and userGroup.commDetails (with loginCnt), which the console itself reads
   * from `userDirectory`.
   */
  userInfo: endpoint({
    method: 'GET',
    path: '/v1/user/info/:username',
    params: z.object({ username: z.string().min(1).max(100) }),
    query: z.object({ directory: z.stringbool().optional() }),
    response: userInfoAnswerSchema,
  }),
  /** The tenant's extensions, gateways and user groups: cached bytes, gzip or brotli, ETag (304). */
  userDirectory: endpoint({
    method: 'GET',
    path: '/v1/user/directory/:domainUuid',
    params: z.object({ domainUuid: z.uuid() }),
    response: tenantDirectorySchema,
  }),
  /** Password or phone settings; the answer's msg says what was saved. */
  userSave: endpoint({ method: 'POST', path: '/v1/user', body: userSaveRequestSchema, response: noData }),
  logSuccess: endpoint({
    method: 'GET',
    path: '/v1/log/success',
    query: actionLogQuerySchema,
    response: noData,
  }),
  logFailure: endpoint({
    method: 'GET',
    path: '/v1/log/failure',
    query: actionLogQuerySchema,
    response: noData,
  }),
};
