import { SecretOnceDialog } from '../../shared/ui/secret-once-dialog';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.password;

/** Shows a generated sign-in password, which the server reveals only this once. */
export function PasswordOnceDialog({
  id,
  password,
  onClose,
}: {
  id: string;
  password: string;
  onClose: () => void;
}) {
  return <SecretOnceDialog title={t.title} lead={t.lead(id)} secret={password} texts={t} onClose={onClose} />;
}
