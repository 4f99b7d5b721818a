import { IVR_DIGIT_OPTIONS, ivrOptionAddError, type IvrOptionInput } from '@tsunagu/contract/pbx/ivr';
import { Select } from 'antd';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ja } from '../../shared/i18n/ja';
import { ivrJa } from './ivr.ja';
import { showAlert } from '../../shared/ui/alert';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import type { DestinationGroup } from './ivr-destinations';

const t = ivrJa;

type OptionForm = Pick<IvrOptionInput, 'ivrMenuOptionDigits' | 'ivrMenuOptionParam'>;

export interface IvrOptionDialogProps {
  /** The menu's options so far: a digit may be used once. */
  existing: readonly OptionForm[];
  destinations: readonly DestinationGroup[];
  onAdd: (option: OptionForm) => void;
  onClose: () => void;
}

/** 'Menu registration' (メニュー登録): a digit and a destination, checked by the contract before adding. */
export function IvrOptionDialog({ existing, destinations, onAdd, onClose }: IvrOptionDialogProps) {
  const id = useId();
  const { control, handleSubmit } = useForm<OptionForm>({
    defaultValues: { ivrMenuOptionDigits: '', ivrMenuOptionParam: '' },
  });
  const onSave = handleSubmit((option) => {
    const error = ivrOptionAddError(option, existing);
    if (error) return showAlert(error);
    onAdd(option);
    onClose();
  });

  return (
    <FormDialog title={t.optionTitle} saveText={t.addOption} onSave={() => void onSave()} onClose={onClose}>
      <FormField label={t.digit} htmlFor={`${id}-digit`} required>
        <Controller
          control={control}
          name="ivrMenuOptionDigits"
          render={({ field }) => (
            <Select
              id={`${id}-digit`}
              {...bind(field)}
              value={field.value || undefined}
              placeholder={ja.pbx.dialog.selectPlaceholder}
              options={[...IVR_DIGIT_OPTIONS]}
            />
          )}
        />
      </FormField>
      <FormField label={t.destination} htmlFor={`${id}-destination`} required>
        <Controller
          control={control}
          name="ivrMenuOptionParam"
          render={({ field }) => (
            <Select
              id={`${id}-destination`}
              {...bind(field)}
              value={field.value || undefined}
              placeholder={ja.pbx.dialog.selectPlaceholder}
              options={[...destinations]}
              showSearch={{ optionFilterProp: 'label' }}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
