import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useOpenCustomer } from '../../phone/customer-link';
import type { CallerDisplay } from './caller-display';
import { incomingJa } from './incoming-call.ja';

const t = incomingJa;
const ASKED_KEY = 'notificationAsked';

/** Asks for the system notification permission once per browser (later calls do nothing). */
export function askNotificationPermissionOnce(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  if (localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, 'true');
  void Notification.requestPermission().catch(() => undefined);
}

/** The system notification 'Incoming call' with 'name 【number】' (when the browser allows it). */
function systemNotification(caller: CallerDisplay, onClick: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const notification = new Notification(t.notificationTitle, {
    body: t.notificationBody(caller.name, caller.number),
  });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}

/**
 * The incoming-call notices (spec 2.4 "Incoming-call notification"): the system notification and a
 * toast that stays until dismissed; tapping either opens the customer record of an outside number.
 * The toast is only raised for outside numbers, the only ones it can lead anywhere.
 */
export function useIncomingNotice(): (caller: CallerDisplay) => void {
  const { notification } = App.useApp();
  const openCustomer = useOpenCustomer();
  useEffect(askNotificationPermissionOnce, []);
  return useCallback(
    (caller: CallerDisplay) => {
      const open = () => caller.customerNumber && openCustomer(caller.customerNumber);
      systemNotification(caller, open);
      if (!caller.customerNumber) return;
      const key = `incoming-${caller.customerNumber}-${Date.now()}`;
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
    },
    [notification, openCustomer],
  );
}
