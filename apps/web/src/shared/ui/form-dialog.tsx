import { Button, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../i18n/ja';

export interface FormDialogProps {
  title: string;
  /** 'medium' for dialogs with a grid inside (IVR). */
  size?: 'small' | 'medium';
  /** Shows the Save button as busy and blocks a second press. */
  saving?: boolean;
  onSave: () => void;
  onClose: () => void;
  /** The action button's text; '保存' unless given. */
  saveText?: string;
  children: ReactNode;
}

/** A modal registration dialog (spec 2.5): no close on an outside click, one action button, labelled fields. */
export function FormDialog({
  title,
  size = 'small',
  saving,
  onSave,
  onClose,
  saveText,
  children,
}: FormDialogProps) {
  return (
    <Modal
      open
      title={title}
      width={size === 'medium' ? 760 : 520}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" loading={saving} onClick={onSave}>
          {saveText ?? ja.pbx.dialog.save}
        </Button>
      }
    >
      <Form
        component="form"
        labelCol={{ flex: '150px' }}
        labelAlign="left"
        colon={false}
        requiredMark={false}
        onFinish={onSave}
        style={{ marginTop: 16 }}
      >
        {children}
      </Form>
    </Modal>
  );
}
