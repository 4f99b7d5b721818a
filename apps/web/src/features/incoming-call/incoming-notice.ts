import { can } from '@tsunagu/contract/permissions';
import { isCustomerPhoneNumber } from '@tsunagu/contract/phone-number';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useOpenCustomer } from '../../phone/customer-link';
import { customerByNumberQuery, customerKeys, layoutQuery } from '../../shared/customers/customer-queries';
import { ja } from '../../shared/i18n/ja';
import {
  askNotificationPermissionOnce,
  showSystemNotification,
} from '../../shared/notifications/system-notification';
import { useUserInfo } from '../../shared/session/session-store';
import type { CallerDisplay } from './caller-display';

const t = ja.incoming;
/** The system notification 'Incoming call' with 'name 【number】' (when the browser allows it); null if not. */
function systemNotification(caller: CallerDisplay, onClick: () => void): Notification | null {
  return showSystemNotification(t.notificationTitle, {
    body: t.notificationBody(caller.name, caller.number),
    onClick,
  });
}

/**
 * On a ring: the caller's card and record are read afresh (a colleague may have registered the caller since
 * this number last rang here), and the record and the layout are fetched now, while
 * the pop-up shows: a tap on the toast or 応答して移動 then paints the record at once (issue 19: on screen
 * with the name < 300 ms after the invite). Before, the record was only read after the tap.
 */
export function prepareRecord(queryClient: QueryClient, domainUuid: string, number: string): void {
  void queryClient.invalidateQueries({ queryKey: customerKeys.caller(domainUuid, number) });
  void queryClient.prefetchQuery({ ...customerByNumberQuery(domainUuid, number), staleTime: 0 });
  void queryClient.prefetchQuery(layoutQuery(domainUuid));
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
  const { user } = useUserInfo();
  const { domainUuid } = user;
  // Read ahead only what the record page could show: a number a customer can have (the server refuses
  // others, and a refusal would raise an alert over the ringing pop-up), for a user who may see customers.
  const readsAhead = can(user, 'customer.view');
  useEffect(askNotificationPermissionOnce, []);
  return useCallback(
    (caller: CallerDisplay) => {
      const number = caller.customerNumber;
      if (readsAhead && number && isCustomerPhoneNumber(number))
        prepareRecord(queryClient, domainUuid, number);
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
    [notification, openCustomer, queryClient, domainUuid, readsAhead],
  );
}
