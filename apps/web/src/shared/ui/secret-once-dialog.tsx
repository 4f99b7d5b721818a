import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

export interface SecretOnceTexts {
  copy: string;
  copied: string;
  copyFailed: string;
  close: string;
}

/** Shows a generated secret (a password) that the server reveals only this once, with a copy button. */
export function SecretOnceDialog({
  title,
  lead,
  secret,
  note,
  texts,
  onClose,
}: {
  title: string;
  lead: ReactNode;
  secret: string;
  /** A warning under the secret. */
  note?: ReactNode;
  texts: SecretOnceTexts;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(texts.copied);
    } catch {
      // No clipboard (a plain-http page, or permission refused): leave the text selected for Ctrl+C.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      void message.warning(texts.copyFailed);
    }
  };
  return (
    <Modal
      open
      title={title}
      mask={{ closable: false }}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {texts.close}
        </Button>
      }
    >
      <Typography.Paragraph>{lead}</Typography.Paragraph>
      <Flex gap={8}>
        <Input id={id} aria-label={title} value={secret} readOnly style={{ fontFamily: 'monospace' }} />
        <Button onClick={() => void copy()}>{texts.copy}</Button>
      </Flex>
      {note && (
        <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>
          {note}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
