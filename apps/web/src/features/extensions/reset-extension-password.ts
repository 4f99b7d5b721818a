import { endpoints } from '@tsunagu/contract/api';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import '../../shared/api/query-meta';
import { useDomainUuid } from '../../shared/pbx/pbx-query';

/** POST /v1/extension/{domainUuid}/{extensionUuid}/password: a new SIP/verto password, answered once. */
export function resetExtensionPassword(domainUuid: string, extensionUuid: string) {
  return fetchData(endpoints.extensionPasswordReset, { params: { domainUuid, extensionUuid } });
}

/** Resets an extension's password (administrators); failures are shown by the caller (useNotices). */
export function useResetExtensionPassword() {
  const domainUuid = useDomainUuid();
  return useMutation({
    mutationFn: (extensionUuid: string) => resetExtensionPassword(domainUuid, extensionUuid),
    meta: { handlesErrors: true },
  });
}
