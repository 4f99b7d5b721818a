import { z } from 'zod';
import {
  recoveryCodesSchema,
  twoStepDisableRequestSchema,
  twoStepEnableRequestSchema,
  twoStepEnrolmentSchema,
  twoStepLoginAnswerSchema,
  twoStepLoginRequestSchema,
  twoStepPolicySchema,
  twoStepStatusSchema,
} from '../two-step';
import { endpoint, noData } from './define';

/** Two-step sign-in (TOTP): the sign-in's second step, the settings tab, a tenant's policy. */
export const twoStepEndpoints = {
  /** The second step after POST /login answered `twoStep`: the token comes back in the Authorization header. */
  twoStepLogin: endpoint({
    method: 'POST',
    path: '/login/two-step',
    public: true,
    body: twoStepLoginRequestSchema,
    response: twoStepLoginAnswerSchema,
  }),
  /** For a 'setup' ticket (required but not set up): a new secret and its QR code. */
  twoStepLoginSetup: endpoint({
    method: 'POST',
    path: '/login/two-step/setup',
    public: true,
    body: z.object({ ticket: z.string().min(1).max(2000) }),
    response: twoStepEnrolmentSchema,
  }),
  /** The signed-in user's two-step state. */
  twoStepStatus: endpoint({ method: 'GET', path: '/v1/twoStep', response: twoStepStatusSchema }),
  /** Starts (or restarts) registering an authenticator app: nothing changes until it is confirmed. */
  twoStepSetup: endpoint({ method: 'POST', path: '/v1/twoStep/setup', response: twoStepEnrolmentSchema }),
  /** Confirms the app with its first code: two-step sign-in is on; ten recovery codes, shown once. */
  twoStepEnable: endpoint({
    method: 'POST',
    path: '/v1/twoStep/enable',
    body: twoStepEnableRequestSchema,
    response: recoveryCodesSchema,
  }),
  /** Turns it off with a current code or the password (refused where it is required). */
  twoStepDisable: endpoint({
    method: 'POST',
    path: '/v1/twoStep/disable',
    body: twoStepDisableRequestSchema,
    response: noData,
  }),
  /** Ten new recovery codes instead of the old ones (a current code proves it is the user). */
  twoStepRecoveryCodes: endpoint({
    method: 'POST',
    path: '/v1/twoStep/recoveryCodes',
    body: twoStepEnableRequestSchema,
    response: recoveryCodesSchema,
  }),
  /** Whether the tenant requires two-step sign-in of its administrators. */
  twoStepPolicy: endpoint({
    method: 'GET',
    path: '/v1/twoStep/policy/:domainUuid',
    capability: 'tenant.twoStepPolicy',
    params: z.object({ domainUuid: z.uuid() }),
    response: twoStepPolicySchema,
  }),
  twoStepPolicySave: endpoint({
    method: 'POST',
    path: '/v1/twoStep/policy/:domainUuid',
    capability: 'tenant.twoStepPolicy',
    params: z.object({ domainUuid: z.uuid() }),
    body: twoStepPolicySchema,
    response: twoStepPolicySchema,
  }),
};
