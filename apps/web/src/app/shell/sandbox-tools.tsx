import { ExperimentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { can } from '@tsunagu/contract/permissions';
import { useHealth } from '../../shared/api/get-health';
import { useUserInfo } from '../../shared/session/session-store';
import { paths } from '../../shared/paths';
import { callerPageJa } from '../../features/caller-page/caller-page.ja';

const DeskPhoneControls = lazy(() =>
  import('../../features/incoming-call/desk-phone-controls').then((m) => ({ default: m.DeskPhoneControls })),
);

/**
 * The built-in exchange's header tools: 模擬発信 for administrators, and in desk-phone mode the
 * simulated desk phone's 応答 and 切断. Nothing on a real exchange.
 */
export function SandboxTools() {
  const { user } = useUserInfo();
  const { data } = useHealth();
  if (data?.telephony !== 'sandbox') return null;
  return (
    <>
      {can(user, 'sandbox.caller') && (
        <Link to={paths.sandbox.caller.href()}>
          <Button icon={<ExperimentOutlined />}>{callerPageJa.menu}</Button>
        </Link>
      )}
      {user.phoneType === 'phone' && (
        <Suspense fallback={null}>
          <DeskPhoneControls />
        </Suspense>
      )}
    </>
  );
}
