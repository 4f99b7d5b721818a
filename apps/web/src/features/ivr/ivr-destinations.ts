import { ivrDestinationChoices } from '@tsunagu/contract/pbx/routing-choices';
import { useMemo } from 'react';
import { useInitData } from '../../shared/pbx/get-init-data';
import { useUserInfo } from '../../shared/session/session-store';

/** An option group of the destination select. */
export interface DestinationGroup {
  label: string;
  options: { value: string; label: string }[];
}

/** The destination select of IVR options, grouped IVR / グループ番号 / 内線 (spec 2.8). */
export function useIvrDestinationGroups(): DestinationGroup[] {
  const { data } = useInitData();
  const { domainName } = useUserInfo().domain;
  return useMemo(
    () =>
      data
        ? ivrDestinationChoices(data, domainName).map((group) => ({
            label: group.label,
            options: group.options.map((choice) => ({ value: choice.value, label: choice.title })),
          }))
        : [],
    [data, domainName],
  );
}
