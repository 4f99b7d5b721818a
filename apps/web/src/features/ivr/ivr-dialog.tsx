import { ivrSaveError, ivrSaveRequestSchema, type IvrMenu } from '@tsunagu/contract/pbx/ivr';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ja } from '../../shared/i18n/ja';
import { ivrJa } from './ivr.ja';
import { useRecordingOptions } from '../../shared/pbx/get-recordings';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useIvrDestinationGroups } from './ivr-destinations';
import { IvrOptionDialog } from './ivr-option-dialog';
import { newOptionRow, optionInputsOf, optionRowsOf, type IvrOptionRow } from './ivr-option-rows';
import { IvrOptionsGrid } from './ivr-options-grid';
import { useSaveIvrMenu } from './save-ivr-menu';

const t = ivrJa;

interface IvrForm {
  ivrMenuName: string;
  ivrMenuGreetLong: string;
  ivrMenuDescription: string;
  options: IvrOptionRow[];
}

/** IVR registration (spec 2.8): name (fixed once saved), announcement, memo and the digit options. */
export function IvrDialog({ menu, onClose }: { menu: IvrMenu | null; onClose: () => void }) {
  const id = useId();
  const domainUuid = useDomainUuid();
  const recordings = useRecordingOptions();
  const destinations = useIvrDestinationGroups();
  const [adding, setAdding] = useState(false);
  const { control, handleSubmit, getValues, setValue } = useForm<IvrForm>({
    defaultValues: {
      ivrMenuName: menu?.ivrMenuName ?? '',
      ivrMenuGreetLong: menu?.ivrMenuGreetLong ?? '',
      ivrMenuDescription: menu?.ivrMenuDescription ?? '',
      options: optionRowsOf(menu),
    },
  });
  const save = useSaveIvrMenu();
  const submit = useDialogSubmit(save.mutateAsync, onClose);
  const onSave = handleSubmit(({ options, ...fields }) => {
    const request = {
      ...fields,
      ivrMenuUuid: menu?.ivrMenuUuid ?? null,
      domainUuid,
      ivrMenuEnabled: menu?.ivrMenuEnabled ?? 'true',
      ivrMenuOptions: optionInputsOf(options, domainUuid),
    };
    return submit(checkAgainstContract(ivrSaveRequestSchema, request, (payload) => ivrSaveError(payload)));
  });

  return (
    <>
      <FormDialog
        title={t.dialogTitle}
        size="medium"
        saving={save.isPending}
        onSave={() => void onSave()}
        onClose={onClose}
      >
        <FormField label={t.name} htmlFor={`${id}-name`} required>
          <Controller
            control={control}
            name="ivrMenuName"
            render={({ field }) => (
              <Input
                id={`${id}-name`}
                {...bind(field)}
                maxLength={100}
                readOnly={menu !== null}
                variant={menu ? 'filled' : undefined}
              />
            )}
          />
        </FormField>
        <FormField label={t.greeting} htmlFor={`${id}-greeting`} required>
          <Controller
            control={control}
            name="ivrMenuGreetLong"
            render={({ field }) => (
              <Select
                id={`${id}-greeting`}
                {...bind(field)}
                value={field.value || undefined}
                placeholder={ja.pbx.dialog.selectPlaceholder}
                options={recordings}
              />
            )}
          />
        </FormField>
        <FormField label={t.memo} htmlFor={`${id}-memo`}>
          <Controller
            control={control}
            name="ivrMenuDescription"
            render={({ field }) => <Input id={`${id}-memo`} {...bind(field)} maxLength={500} />}
          />
        </FormField>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong>{t.options}</Typography.Text>
          <Button onClick={() => setAdding(true)}>{t.addOption}</Button>
        </Flex>
        <Controller
          control={control}
          name="options"
          render={({ field }) => (
            <IvrOptionsGrid rows={field.value} destinations={destinations} onChange={field.onChange} />
          )}
        />
      </FormDialog>
      {/* Outside the IVR form: a submit in the option dialog must not bubble into it. */}
      {adding && (
        <IvrOptionDialog
          existing={getValues('options')}
          destinations={destinations}
          onAdd={(option) => setValue('options', [...getValues('options'), newOptionRow(option)])}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
