import { endpoints } from '@tsunagu/contract/api';
import type { ClickToCall } from '@tsunagu/contract/call';
import { dialString } from '@tsunagu/contract/pbx/dial';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { callApi } from '../api/client';
import { ja } from '../i18n/ja';
import { useUserInfo } from '../session/session-store';
import { createStore, useStore } from '../store/create-store';

/** How the browser softphone places a call. */
export type SoftphoneDialer = (number: string) => void;

let softphoneDialer: SoftphoneDialer | null = null;

/** The softphone registers its dialler while it can place calls; returns the function that unregisters it. */
export function registerSoftphoneDialer(dialer: SoftphoneDialer): () => void {
  softphoneDialer = dialer;
  return () => {
    if (softphoneDialer === dialer) softphoneDialer = null;
  };
}

/** Spec 4 "Click-to-call" / 9 "Timing": the next request is allowed this long after an answer. */
export const CLICK_TO_CALL_COOLDOWN_MS = 500;
/** The header's height (app/theme.ts Layout.headerHeight): messages start below it. */
export const BELOW_HEADER_PX = 48;

// One lock for the whole panel: a click-to-call anywhere blocks the others until it is over.
const clickToCallLock = createStore(false);

/**
 * Dialling from the panel (history, presence): in desk-phone mode POST /v1/call/clickToCall rings the
 * user's own phone; in headset mode the registered softphone dials. `blocked` is true while a
 * click-to-call is in flight and for 500 ms after its answer.
 */
export function useDial(): { dial: (number: string) => void; blocked: boolean } {
  const { message } = App.useApp();
  const { user } = useUserInfo();
  const locked = useStore(clickToCallLock);
  const { mutate } = useMutation({
    mutationFn: (request: ClickToCall) => callApi(endpoints.clickToCall, { body: request }),
    // Below the header: the sandbox's simulated desk phone (and its 応答) sits in it while this shows.
    onSuccess: (_result, request) =>
      void message.open({
        type: 'info',
        content: ja.panel.dial.calling(request.dest),
        style: { marginTop: BELOW_HEADER_PX },
      }),
    onSettled: () => setTimeout(() => clickToCallLock.set(false), CLICK_TO_CALL_COOLDOWN_MS),
  });
  const { phoneType, extensionUuid } = user;

  const dial = useCallback(
    (number: string) => {
      const dest = dialString(number);
      if (!dest) return;
      if (phoneType === 'verto') {
        if (softphoneDialer) softphoneDialer(dest);
        else void message.warning(ja.panel.dial.softphoneUnavailable);
        return;
      }
      if (!extensionUuid) {
        void message.warning(ja.panel.dial.noExtension);
        return;
      }
      if (clickToCallLock.get()) return;
      clickToCallLock.set(true);
      mutate({ extensionUuid, dest });
    },
    [phoneType, extensionUuid, message, mutate],
  );
  return { dial, blocked: phoneType === 'phone' && locked };
}
