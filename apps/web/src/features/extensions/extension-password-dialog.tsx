import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useId } from 'react';
import { extensionsJa } from './extensions.ja';

const t = extensionsJa;

/** Shows a new extension's generated SIP/verto password, which the server reveals only this once. */
export function ExtensionPasswordDialog(props: {
  extension: string;
  password: string;
  /** The password replaced an old one (再発行) rather than came with a new extension. */
  reset?: boolean;
  onClose: () => void;
}) {
  const { extension, password, onClose } = props;
  const { message } = App.useApp();
  const id = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      void message.success(t.copied);
    } catch {
      // No clipboard (a plain-http page, or permission refused): leave the text selected for Ctrl+C.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      void message.warning(t.copyFailed);
    }
  };

  return (
    <Modal
      open
      title={t.passwordTitle}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <Typography.Paragraph>{(props.reset ? t.resetLead : t.passwordLead)(extension)}</Typography.Paragraph>
      <Flex gap={8}>
        <Input
          id={id}
          aria-label={t.passwordTitle}
          value={password}
          readOnly
          style={{ fontFamily: 'monospace' }}
        />
        <Button onClick={() => void copy()}>{t.copy}</Button>
      </Flex>
      <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>
        {t.passwordNote}
      </Typography.Paragraph>
    </Modal>
  );
}
