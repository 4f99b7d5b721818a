import { Button, Form, Modal } from 'antd';
import { useRef, type ReactNode, type SyntheticEvent } from 'react';
import { ja } from '../i18n/ja';
import { useConfirm } from './confirm';
import { useReturnFocus } from './return-focus';

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
  /**
   * Whether the form holds unsaved changes. Without it the dialog counts any typing or choice made in
   * it as a change. With changes, Escape or × asks 「変更を破棄しますか？」 before closing.
   */
  dirty?: boolean;
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
  dirty,
  children,
}: FormDialogProps) {
  const confirm = useConfirm();
  useReturnFocus();
  const touched = useRef(false);
  // Typing, a radio or checkbox (change events) and a choice in a select's list (rendered in a portal,
  // whose React events still bubble here) count as changes.
  const touch = (event: SyntheticEvent) => {
    const target = event.target as HTMLElement;
    if (
      event.type !== 'click' ||
      target.closest('.ant-select-item-option, .ant-picker-cell, .ant-picker-ok')
    ) {
      touched.current = true;
    }
  };
  const close = async () => {
    if ((dirty ?? touched.current) && !(await confirm(ja.pbx.dialog.discard))) return;
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      width={size === 'medium' ? 760 : 520}
      mask={{ closable: false }}
      // No zoom or fade: spec 2.5 times the opening at 150 ms, and antd's zoom added ~300 ms after it
      // before the form could be used (bench/edit-dialog.bench.ts).
      transitionName=""
      maskTransitionName=""
      destroyOnHidden
      onCancel={() => void close()}
      footer={
        <Button type="primary" loading={saving} onClick={onSave}>
          {saveText ?? ja.pbx.dialog.save}
        </Button>
      }
    >
      <div onChangeCapture={touch} onInputCapture={touch} onClickCapture={touch}>
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
      </div>
    </Modal>
  );
}
