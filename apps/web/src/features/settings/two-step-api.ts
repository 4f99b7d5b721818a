import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';

/** The two-step sign-in calls of the settings tab (the signed-in user's own). */
export const twoStepApi = {
  status: () => fetchData(endpoints.twoStepStatus, {}),
  setup: () => fetchData(endpoints.twoStepSetup, {}),
  enable: (code: string) => fetchData(endpoints.twoStepEnable, { body: { code } }),
  disable: (proof: { code?: string; password?: string }) =>
    fetchData(endpoints.twoStepDisable, { body: proof }),
  renewRecoveryCodes: (code: string) => fetchData(endpoints.twoStepRecoveryCodes, { body: { code } }),
};

export const TWO_STEP_KEY = ['twoStep'] as const;
