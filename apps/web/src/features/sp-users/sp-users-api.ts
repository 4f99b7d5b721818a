import { endpoints } from '@tsunagu/contract/api';
import type { SpUserSave } from '@tsunagu/contract/tenant-admin';
import { fetchData } from '../../shared/api/client';

export const getSpUsers = () => fetchData(endpoints.spUserList, {});
export const saveSpUser = (body: SpUserSave) => fetchData(endpoints.spUserSave, { body });
export const disableSpUser = (userUuid: string) =>
  fetchData(endpoints.spUserDisable, { params: { userUuid } });
export const deleteSpUser = (userUuid: string) => fetchData(endpoints.spUserDelete, { params: { userUuid } });
export const resetSpUserPassword = (userUuid: string) =>
  fetchData(endpoints.spUserResetPassword, { params: { userUuid } });
