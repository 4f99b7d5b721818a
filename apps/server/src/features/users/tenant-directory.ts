import type { DirectoryGroup, TenantDirectory } from '@tsunagu/contract';
import type { Conn } from '../../platform/db/client';
import { findTenantDirectory, type GroupMemberRow } from './users.repository';

/**
 * The tenant-wide part of user info, read in one statement. The console fetches it once and again only
 * on /topic/pbx; the route serves it from the PBX list cache as finished, compressed bytes.
 */
export async function loadTenantDirectory(conn: Conn, tenantUuid: string): Promise<TenantDirectory> {
  return directoryOf(await findTenantDirectory(conn, tenantUuid));
}

function directoryOf(rows: Awaited<ReturnType<typeof findTenantDirectory>>): TenantDirectory {
  return {
    extensions: rows.extensions.map((e) => ({
      ...e,
      label: e.effectiveCallerIdName ? `${e.extension} (${e.effectiveCallerIdName})` : e.extension,
    })),
    gwList: rows.gateways,
    userGroup: { commDetails: groupsOf(rows.groupMembers) },
  };
}

function groupsOf(rows: GroupMemberRow[]): DirectoryGroup[] {
  const groups = new Map<string, DirectoryGroup>();
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
