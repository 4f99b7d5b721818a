import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import type { UserInfo } from '@tsunagu/contract/auth';
import { fetchData } from '../../shared/api/client';

/** GET /v1/user/info/{username}: the signed-in user's info, with an explicit token during login. */
export function getUserInfo(username: string, token: string): Promise<UserInfo> {
  return fetchData(authEndpoints.userInfo, { params: { username }, token });
}
