import { endpoints } from '@tsunagu/contract/api';
import { messages } from '@tsunagu/contract/messages';
import type { PhoneType, UserSaveRequest } from '@tsunagu/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { callApi } from '../../shared/api/client';
import { updateUserInfo } from '../../shared/session/session-store';

/** The user and the phone type to switch to. */
export interface PhoneTypeChange {
  userUuid: string;
  phoneType: PhoneType;
}

/** POST /v1/user with the new phone type (no password change); returns the server's message. */
export async function savePhoneType({ userUuid, phoneType }: PhoneTypeChange): Promise<string> {
  const request: UserSaveRequest = { userUuid, userCredentials: null, phoneType };
  const { msg } = await callApi(endpoints.userSave, { body: request });
  return msg;
}

/** Saves the phone type, then updates the stored user info so the shell follows (softphone tab). */
export function useSavePhoneType() {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: savePhoneType,
    onSuccess: (msg, { phoneType }) => {
      updateUserInfo((info) => ({ ...info, user: { ...info.user, phoneType } }));
      void message.success(msg || messages.changed);
    },
  });
}
