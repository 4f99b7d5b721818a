import type { TenantDirectory, UserInfoExtension } from '@tsunagu/contract/auth';
import type { Extension } from '@tsunagu/contract/pbx/extension';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUserInfo } from '../../shared/session/session-store';
import { directoryKey } from '../../shared/session/tenant-directory';

/** An extension as the user info lists it: label 'ext (name)', or just the number without a name. */
export function userExtensionOf(extension: Extension): UserInfoExtension {
  const { extensionUuid, effectiveCallerIdName } = extension;
  const label = effectiveCallerIdName
    ? `${extension.extension} (${effectiveCallerIdName})`
    : extension.extension;
  return { extensionUuid, extension: extension.extension, label, effectiveCallerIdName };
}

function sameExtensions(a: readonly UserInfoExtension[], b: readonly UserInfoExtension[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => e.extensionUuid === b[i]?.extensionUuid && e.label === b[i]?.label)
  );
}

/**
 * Spec 7: the extension list also replaces the user's stored extensions (the tenant directory's), which
 * the ring-group member select offers, at once rather than on /topic/pbx. Written only when it changed.
 */
export function useSyncUserExtensions(list: readonly Extension[] | undefined): void {
  const queryClient = useQueryClient();
  const { domainUuid } = useUserInfo().user;
  useEffect(() => {
    if (!list) return;
    const next = list.map(userExtensionOf);
    queryClient.setQueryData<TenantDirectory>(directoryKey(domainUuid), (directory) =>
      directory && !sameExtensions(directory.extensions, next)
        ? { ...directory, extensions: next }
        : directory,
    );
  }, [list, queryClient, domainUuid]);
}
