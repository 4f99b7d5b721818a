import { endpoints } from '@tsunagu/contract/api';
import type {
  ManagedUser,
  ManagedUserSaveInput,
  PresenceGroupSaveInput,
  UserListQuery,
} from '@tsunagu/contract/admin/users';
import type { UserImportRequest } from '@tsunagu/contract/admin/user-import';
import type { Page } from '@tsunagu/contract/paging';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredQuery } from '../../shared/api/page-anchors';
import type { ListState } from '../../shared/ui/list-url-state';

/** Query keys of the screen: the list's pages and the dialog's options, per tenant. */
export const userAdminKeys = {
  all: (domainUuid: string) => ['userAdmin', domainUuid] as const,
  list: (domainUuid: string) => ['userAdmin', domainUuid, 'list'] as const,
  options: (domainUuid: string) => ['userAdmin', domainUuid, 'options'] as const,
  groups: (domainUuid: string) => ['userAdmin', domainUuid, 'groups'] as const,
};

/** The user-list query of a list state. */
export function userListQuery(state: ListState): UserListQuery {
  const { q, enabled } = state.filters;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    ...(q ? { q } : {}),
    ...(enabled === 'true' || enabled === 'false' ? { enabled } : {}),
  };
}

/**
 * A page of the user list, sent with the anchor of the nearest page held (keyset paging: a deep page
 * costs the server what the first one does). The anchors are kept per tenant, filter, size and order.
 */
export function getUserPage(
  domainUuid: string,
  state: ListState,
  signal?: AbortSignal,
): Promise<Page<ManagedUser>> {
  return fetchAnchoredQuery(`users:${domainUuid}`, state.page, userListQuery(state), (query) =>
    fetchData(endpoints.userList, { params: { domainUuid }, query, signal }),
  );
}

export function getUserExport(domainUuid: string, state: ListState): Promise<ManagedUser[]> {
  return fetchData(endpoints.userListExport, { params: { domainUuid }, query: userListQuery(state) });
}

/** Members for a presence group: the first page of users matching the text. */
export async function searchUsers(domainUuid: string, q: string): Promise<ManagedUser[]> {
  const query = { page: 0, size: 20, sort: 'userNm,asc', ...(q ? { q } : {}) };
  return (await fetchData(endpoints.userList, { params: { domainUuid }, query })).content;
}

export function getUserFormOptions(domainUuid: string) {
  return fetchData(endpoints.userFormOptions, { params: { domainUuid } });
}

export function saveUser(body: ManagedUserSaveInput) {
  return fetchData(endpoints.userAdminSave, { body });
}

export function deleteUser(userUuid: string) {
  return fetchData(endpoints.userDelete, { params: { userUuid } });
}

export function resetUserPassword(userUuid: string) {
  return fetchData(endpoints.userResetPassword, { params: { userUuid } });
}

export function forceLogout(userUuid: string) {
  return fetchData(endpoints.forceLogout, { body: { userUuid } });
}

export function getPresenceGroups(domainUuid: string) {
  return fetchData(endpoints.userGroupList, { params: { domainUuid } });
}

export function savePresenceGroup(body: PresenceGroupSaveInput) {
  return fetchData(endpoints.userGroupSave, { body });
}

export function deletePresenceGroup(commUuid: string) {
  return fetchData(endpoints.userGroupDelete, { params: { commUuid } });
}

/** POST /v1/user/import/{domainUuid}: the rows checked (preview) or created. */
export function importUsers(domainUuid: string, body: UserImportRequest) {
  return fetchData(endpoints.userImport, { params: { domainUuid }, body });
}
