import { endpoints } from '@tsunagu/contract/api';
import type { DeleteQuery, UsageData, UsageKind } from '@tsunagu/contract/pbx/usage';
import { useCallback } from 'react';
import { fetchData } from '../api/client';
import { useDomainUuid } from './pbx-query';

/** What a PBX list's Delete sends: the row's id, and whether to remove its references in the same transaction. */
export interface DeleteRequest {
  id: string;
  removeReferences?: boolean;
}

/** The delete query: `?removeReferences=true` when asked, nothing otherwise. */
export function deleteQuery(removeReferences?: boolean): DeleteQuery {
  return removeReferences ? { removeReferences: 'true' } : {};
}

/** GET /v1/pbx/usage/{domainUuid}/{kind}/{id}: where one of the tenant's objects is used. */
export function fetchUsage(domainUuid: string, kind: UsageKind, id: string): Promise<UsageData> {
  return fetchData(endpoints.pbxUsage, { params: { domainUuid, kind, id } });
}

/** A loader of a list row's usage, for the list screen's 使用箇所 view and its delete confirmation. */
export function useUsageLoader<T>(kind: UsageKind, idOf: (row: T) => string): (row: T) => Promise<UsageData> {
  const domainUuid = useDomainUuid();
  return useCallback((row: T) => fetchUsage(domainUuid, kind, idOf(row)), [domainUuid, kind, idOf]);
}
