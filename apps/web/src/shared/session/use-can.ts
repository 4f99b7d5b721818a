import { can, type Capability } from '@tsunagu/contract/permissions';
import { useUserInfo } from './session-store';

/** Whether the signed-in user may do what the capability names (the server's own rule, spec 6). */
export function useCan(capability: Capability): boolean {
  return can(useUserInfo().user, capability);
}
