import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useOpenCustomer } from '../../phone/customer-link';
import { ja } from '../../shared/i18n/ja';
import {
  askNotificationPermissionOnce,
  showSystemNotification,
} from '../../shared/notifications/system-notification';
import type { CallerDisplay } from './caller-display';

const t = ja.incoming;
/** The system notification 'Incoming call' with 'name 【number】' (when the browser allows it); null if not. */
function systemNotification(caller: CallerDisplay, onClick: () => void): Notification | null {
  return showSystemNotification(t.notificationTitle, {
    body: t.notificationBody(caller.name, caller.number),
    onClick,
  });
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
  useEffect(askNotificationPermissionOnce, []);
  return useCallback(
    (caller: CallerDisplay) => {
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
    [notification, openCustomer],
  );
}
