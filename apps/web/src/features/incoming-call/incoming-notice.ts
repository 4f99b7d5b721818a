import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useOpenCustomer } from '../../phone/customer-link';
import { customerKeys } from '../../shared/customers/customer-queries';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import type { CallerDisplay } from './caller-display';

const t = ja.incoming;
const ASKED_KEY = 'notificationAsked';

/** Asks for the system notification permission once per browser (later calls do nothing). */
export function askNotificationPermissionOnce(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, 'true');
  void Notification.requestPermission().catch(() => undefined);
}

/** The system notification 'Incoming call' with 'name 【number】' (when the browser allows it); null if not. */
function systemNotification(caller: CallerDisplay, onClick: () => void): Notification | null {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const notification = new Notification(t.notificationTitle, {
    body: t.notificationBody(caller.name, caller.number),
  });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
  return notification;
}

/** Closes the notices of one incoming call. */
export type DismissNotice = () => void;

let noticeCount = 0;

/**
 * The incoming-call notices (spec 2.4 "Incoming-call notification"): the system notification and a
 * toast that stays until dismissed; tapping either opens the customer record of an outside number.
 * The toast is only raised for outside numbers, the only ones it can lead anywhere. Both close with the
 * returned function: the caller stops ringing here (answered, taken elsewhere or hung up).
 */
export function useIncomingNotice(): (caller: CallerDisplay) => DismissNotice {
  const { notification } = App.useApp();
  const openCustomer = useOpenCustomer();
  const queryClient = useQueryClient();
  const { domainUuid } = useUserInfo().user;
  useEffect(askNotificationPermissionOnce, []);
  return useCallback(
    (caller: CallerDisplay) => {
      // Each ring reads the caller's card and record afresh: a colleague may have registered the caller
      // since this number last rang here.
      if (caller.customerNumber) {
        for (const queryKey of [
          customerKeys.caller(domainUuid, caller.customerNumber),
          customerKeys.number(domainUuid, caller.customerNumber),
        ])
          void queryClient.invalidateQueries({ queryKey });
      }
      const open = () => caller.customerNumber && openCustomer(caller.customerNumber);
      const system = systemNotification(caller, open);
      const key = `incoming-${++noticeCount}`;
      const dismiss = () => {
        system?.close();
        notification.destroy(key);
      };
      if (!caller.customerNumber) return dismiss;
      notification.info({
        key,
        title: `${t.title} ${t.notificationBody(caller.name, caller.number)}`,
        description: t.toast,
        duration: 0,
        placement: 'bottomRight',
        style: { cursor: 'pointer' },
        onClick: () => {
          open();
          notification.destroy(key);
        },
      });
      return dismiss;
    },
    [notification, openCustomer, queryClient, domainUuid],
  );
}
