import { SecretOnceDialog } from '../../shared/ui/secret-once-dialog';
import { extensionsJa as t } from './extensions.ja';

/** Shows a new extension's generated SIP/verto password, which the server reveals only this once. */
export function ExtensionPasswordDialog(props: {
  extension: string;
  password: string;
  /** The password replaced an old one (再発行) rather than came with a new extension. */
  reset?: boolean;
  onClose: () => void;
}) {
  return (
    <SecretOnceDialog
      title={t.passwordTitle}
      lead={(props.reset ? t.resetLead : t.passwordLead)(props.extension)}
      secret={props.password}
      note={t.passwordNote}
      texts={t}
      onClose={props.onClose}
    />
  );
}
