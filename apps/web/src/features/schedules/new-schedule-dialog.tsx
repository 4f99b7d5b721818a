import { validateNewScheduleName } from '@tsunagu/contract/schedule/validate';
import { Form, Input } from 'antd';
import { useId, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { showAlert } from '../../shared/ui/alert';
import { FormDialog } from '../../shared/ui/form-dialog';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;

export interface NewScheduleDialogProps {
  saving?: boolean;
  /** Creates the schedule (with its default condition) under the checked name. */
  onAdd: (name: string) => void;
  onClose: () => void;
}

/** 'New business hours': a name and Add; a blank name gets the spec's message. */
export function NewScheduleDialog({ saving, onAdd, onClose }: NewScheduleDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const add = () => {
    const message = validateNewScheduleName(name);
    if (message) showAlert(message);
    else onAdd(name.trim());
  };
  return (
    <FormDialog
      title={t.newTitle}
      saving={saving}
      onSave={add}
      onClose={onClose}
      saveText={ja.pbx.dialog.add}
    >
      <Form.Item label={t.name} htmlFor={`${id}-name`} style={{ marginBottom: 12 }}>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          placeholder={t.namePlaceholder}
          autoFocus
        />
      </Form.Item>
    </FormDialog>
  );
}
