import type { UserInfoExtension } from '@tsunagu/contract/auth';
import type { Extension } from '@tsunagu/contract/pbx/extension';
import { useEffect } from 'react';
import { getSession, updateUserInfo } from '../../shared/session/session-store';

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
 * Spec 7: the extension list also replaces the user's stored extensions, which the ring-group member
 * select offers. Written only when something changed.
 */
export function useSyncUserExtensions(list: readonly Extension[] | undefined): void {
  useEffect(() => {
    if (!list) return;
    const next = list.map(userExtensionOf);
    if (sameExtensions(getSession()?.user.extensions ?? [], next)) return;
    updateUserInfo((info) => ({ ...info, extensions: next }));
  }, [list]);
}
