import { Button } from 'antd';
import { useHealth } from '../../shared/api/get-health';
import { ja } from '../../shared/i18n/ja';
import styles from './login-page.module.css';

/** A sign-in of the demo data set. */
export interface DemoAccount {
  id: string;
  password: string;
  role: string;
}

const { roles } = ja.login;

const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { id: 'sp', password: 'Sp#Admin2026', role: roles.sp },
  { id: 'admin', password: 'Admin#2026', role: roles.cpSample },
  { id: 'yamada', password: 'Staff#2026', role: roles.staffHeadset },
  { id: 'suzuki', password: 'Staff#2026', role: roles.staffHeadset },
  { id: 'tanaka', password: 'Staff#2026', role: roles.staffPhone },
  { id: 'admin-b', password: 'Admin#2026', role: roles.cpTest },
];

/** The demo sign-ins, only when the server says demo data is loaded (never on a production install). */
export function DemoAccounts({ onPick }: { onPick: (account: DemoAccount) => void }) {
  const { data } = useHealth();
  if (!data?.demo) return null;
  return (
    <details className={styles.demo}>
      <summary>{ja.login.demoTitle}</summary>
      <p>{ja.login.demoNote}</p>
      <table>
        <thead>
          <tr>
            <th>{ja.login.demoId}</th>
            <th>{ja.login.demoPassword}</th>
            <th>{ja.login.demoRole}</th>
          </tr>
        </thead>
        <tbody>
          {DEMO_ACCOUNTS.map((account) => (
            <tr key={account.id}>
              <td>
                <Button type="link" style={{ padding: 0 }} onClick={() => onPick(account)}>
                  {account.id}
                </Button>
              </td>
              <td>
                <code>{account.password}</code>
              </td>
              <td>{account.role}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
