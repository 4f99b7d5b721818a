import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useId } from 'react';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.password;

/** Shows a generated sign-in password, which the server reveals only this once. */
export function PasswordOnceDialog({
  id: loginId,
  password,
  onClose,
}: {
  id: string;
  password: string;
  onClose: () => void;
}) {
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
      title={t.title}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      <Typography.Paragraph>{t.lead(loginId)}</Typography.Paragraph>
      <Flex gap={8}>
        <Input id={id} aria-label={t.title} value={password} readOnly style={{ fontFamily: 'monospace' }} />
        <Button onClick={() => void copy()}>{t.copy}</Button>
      </Flex>
    </Modal>
  );
}
