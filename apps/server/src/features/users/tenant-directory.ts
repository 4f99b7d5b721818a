import type { UserGroupDetail, UserInfo } from '@tsunagu/contract';
import type { Conn } from '../../platform/db/client';
import { findTenantDirectory, type GroupMemberRow } from './users.repository';

/** The tenant-wide part of user info; the groups' members are without their online count. */
export interface TenantDirectory {
  extensions: UserInfo['extensions'];
  gwList: UserInfo['gwList'];
  groups: (Omit<UserGroupDetail, 'userList'> & {
    userList: Omit<UserGroupDetail['userList'][number], 'loginCnt'>[];
  })[];
}

/** Tenants whose directory is kept; beyond that the least recently used one is dropped. */
const TENANTS_KEPT = 1_000;

/**
 * Directories per tenant, reused while the tenant's change counter stands still. The caller reads the
 * counter before this reads the rows, so a directory built across a change is stored under the older
 * counter and rebuilt on the next request, never served stale.
 */
export function createTenantDirectories(conn: Conn) {
  const kept = new Map<string, { version: string; directory: Promise<TenantDirectory> }>();
  return {
    get(domainUuid: string, version: string): Promise<TenantDirectory> {
      let entry = kept.get(domainUuid);
      kept.delete(domainUuid);
      if (entry?.version !== version) {
        const directory = findTenantDirectory(conn, domainUuid).then(directoryOf);
        // A failed read is not kept: the next request tries again.
        directory.catch(() => kept.get(domainUuid)?.directory === directory && kept.delete(domainUuid));
        entry = { version, directory };
      }
      kept.set(domainUuid, entry);
      if (kept.size > TENANTS_KEPT) kept.delete(kept.keys().next().value as string);
      return entry.directory;
    },
  };
}

function directoryOf(rows: Awaited<ReturnType<typeof findTenantDirectory>>): TenantDirectory {
  return {
    extensions: rows.extensions.map((e) => ({
      ...e,
      label: e.effectiveCallerIdName ? `${e.extension} (${e.effectiveCallerIdName})` : e.extension,
    })),
    gwList: rows.gateways,
    groups: groupsOf(rows.groupMembers),
  };
}

function groupsOf(rows: GroupMemberRow[]): TenantDirectory['groups'] {
  const groups = new Map<string, TenantDirectory['groups'][number]>();
  for (const row of rows) {
    let group = groups.get(row.userGroupUuid);
    if (!group) {
      group = {
        commUuid: row.userGroupUuid,
        commName: row.name,
        commSub1: row.representativeNumber,
        userList: [],
      };
      groups.set(row.userGroupUuid, group);
    }
    if (row.userUuid) {
      group.userList.push({
        userUuid: row.userUuid,
        userNm: row.userNm ?? '',
        extensionUuid: row.extensionUuid,
        extension: row.extension,
      });
    }
  }
  return [...groups.values()];
}
