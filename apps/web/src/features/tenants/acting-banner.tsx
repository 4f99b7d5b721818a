import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { dayjs } from '../../shared/dayjs';
import { useCan } from '../../shared/session/use-can';
import { useNotices } from '../../shared/ui/notices';
import { getActing, leaveActing, syncUserInfo } from './acting';
import { jaTenants as t } from './tenants.ja';

export const ACTING_KEY = ['acting'] as const;

/**
 * 「〇〇として操作中」 on every screen while a provider acts inside a tenant, with the reason, the time it
 * ends by itself and a button to leave. When the time comes, the console goes back to one's own tenant.
 */
export function ActingBanner() {
  const provider = useCan('tenant.manage');
  const acting = useQuery({ queryKey: ACTING_KEY, queryFn: getActing, enabled: provider });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notices = useNotices();
  const current = acting.data ?? null;

  // On opening the console the stored tenant may be stale (the acting ended meanwhile): read it again.
  useEffect(() => {
    if (provider) void syncUserInfo().catch(() => undefined);
  }, [provider]);

  useEffect(() => {
    if (!current) return;
    const left = Date.parse(current.until) - Date.now();
    const timer = setTimeout(
      () => {
        void syncUserInfo()
          .then(() => queryClient.invalidateQueries({ queryKey: ACTING_KEY }))
          .catch(() => undefined);
      },
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [current, queryClient]);

  if (!current) return null;
  const leave = async () => {
    try {
      await leaveActing();
      await queryClient.invalidateQueries({ queryKey: ACTING_KEY });
      void navigate('/system/admin');
    } catch (error) {
      notices.failed(error);
    }
  };
  return (
    <Alert
      type="warning"
      banner
      role="status"
      title={
        <Flex gap={16} wrap align="center">
          <strong>{t.banner.text(current.domainName)}</strong>
          <span>{t.banner.reason(current.reason)}</span>
          <span>{t.banner.until(dayjs(current.until).format('HH:mm'))}</span>
        </Flex>
      }
      action={
        <Button size="small" onClick={() => void leave()}>
          {t.banner.leave}
        </Button>
      }
    />
  );
}
