import {
  RING_GROUP_STRATEGIES,
  RING_GROUP_TIMEOUT_APPS,
  ringGroupFormSchema,
  ringGroupSaveError,
  type RingGroup,
  type RingGroupForm,
} from '@tsunagu/contract/pbx/ring-group';
import { newRingGroupForm, ringGroupToForm } from '@tsunagu/contract/pbx/ring-group-form';
import { compareNumbers } from '@tsunagu/contract/pbx/shared';
import { Flex, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ja } from '../../shared/i18n/ja';
import { ringGroupsJa } from './ring-groups.ja';
import { useRecordingOptions } from '../../shared/pbx/get-recordings';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { bind, FormField } from '../../shared/ui/form-field';
import { NumberInput } from '../../shared/ui/number-input';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { useSaveRingGroup } from './save-ring-group';

const t = ringGroupsJa;
/** Spec 9: up to three chosen members are shown, then '他N件'. */
const SHOWN_MEMBERS = 3;

/** The user's extensions, sorted by number and labelled 'ext (name)'. */
function useMemberOptions() {
  const extensions = useTenantDirectory()?.extensions;
  return useMemo(
    () =>
      [...(extensions ?? [])]
        .sort((a, b) => compareNumbers(a.extension, b.extension))
        .map((e) => ({ value: e.extension, label: e.label })),
    [extensions],
  );
}

/** Ring group registration (spec 2.7); the contract's seven checks run in order on save. */
export function RingGroupDialog({ group, onClose }: { group: RingGroup | null; onClose: () => void }) {
  const id = useId();
  const recordings = useRecordingOptions();
  const memberOptions = useMemberOptions();
  const { control, handleSubmit } = useForm<RingGroupForm>({
    defaultValues: group ? ringGroupToForm(group) : newRingGroupForm(),
  });
  const timeoutApp = useWatch({ control, name: 'ringGroupTimeoutApp' });
  const save = useSaveRingGroup();
  const submit = useDialogSubmit(save.mutateAsync, onClose);
  const onSave = handleSubmit((values) =>
    submit(checkAgainstContract(ringGroupFormSchema, values, (form) => ringGroupSaveError(form))),
  );

  return (
    <FormDialog title={t.dialogTitle} saving={save.isPending} onSave={() => void onSave()} onClose={onClose}>
      <FormField label={t.number} htmlFor={`${id}-number`} required>
        <Controller
          control={control}
          name="ringGroupExtension"
          render={({ field }) => (
            <NumberInput id={`${id}-number`} {...bind(field)} maxLength={3} placeholder="300 ~ 399" />
          )}
        />
      </FormField>
      <FormField label={t.name} htmlFor={`${id}-name`} required>
        <Controller
          control={control}
          name="ringGroupName"
          render={({ field }) => <Input id={`${id}-name`} {...bind(field)} maxLength={100} />}
        />
      </FormField>
      <FormField label={t.greeting} htmlFor={`${id}-greeting`}>
        <Controller
          control={control}
          name="ringGroupGreeting"
          render={({ field }) => (
            <Select
              id={`${id}-greeting`}
              {...bind(field)}
              options={[{ value: '', label: t.greetingNone }, ...recordings]}
            />
          )}
        />
      </FormField>
      <FormField label={t.seconds} htmlFor={`${id}-seconds`} required>
        <Controller
          control={control}
          name="destinationTimeout"
          render={({ field }) => (
            <InputNumber id={`${id}-seconds`} {...bind(field)} precision={0} style={{ width: 120 }} />
          )}
        />
      </FormField>
      <FormField label={t.strategy} required>
        <Controller
          control={control}
          name="ringGroupStrategy"
          render={({ field }) => (
            <Radio.Group {...bind(field)} aria-label={t.strategy}>
              <Flex vertical gap={6}>
                {RING_GROUP_STRATEGIES.map((strategy) => (
                  <Radio key={strategy.value} value={strategy.value}>
                    {strategy.label}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {strategy.help}
                    </Typography.Text>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          )}
        />
      </FormField>
      <FormField label={t.missedMail} htmlFor={`${id}-mail`}>
        <Controller
          control={control}
          name="ringGroupMissedCallData"
          render={({ field }) => (
            <Input
              id={`${id}-mail`}
              type="email"
              {...bind(field)}
              maxLength={255}
              placeholder={t.missedMailPlaceholder}
            />
          )}
        />
      </FormField>
      <FormField label={t.timeoutApp} required>
        <Controller
          control={control}
          name="ringGroupTimeoutApp"
          render={({ field }) => (
            <Radio.Group {...bind(field)} aria-label={t.timeoutApp} options={[...RING_GROUP_TIMEOUT_APPS]} />
          )}
        />
      </FormField>
      {timeoutApp === 'lua' && (
        <FormField label={t.announcement} htmlFor={`${id}-announcement`} required>
          <Controller
            control={control}
            name="ringGroupTimeoutDataFile"
            render={({ field }) => (
              <Select
                id={`${id}-announcement`}
                {...bind(field)}
                options={[{ value: '', label: t.announcementPlaceholder }, ...recordings]}
              />
            )}
          />
        </FormField>
      )}
      {timeoutApp === 'transfer' && (
        <FormField label={t.transfer} htmlFor={`${id}-transfer`} required>
          <Controller
            control={control}
            name="ringGroupTimeoutDataTransfer"
            render={({ field }) => (
              <NumberInput
                id={`${id}-transfer`}
                {...bind(field)}
                maxLength={12}
                placeholder={t.transferPlaceholder}
              />
            )}
          />
        </FormField>
      )}
      <FormField label={t.members} htmlFor={`${id}-members`}>
        <Controller
          control={control}
          name="destList"
          render={({ field }) => (
            <Select
              id={`${id}-members`}
              {...bind(field)}
              mode="multiple"
              allowClear
              options={memberOptions}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount={SHOWN_MEMBERS}
              maxTagPlaceholder={(omitted) => ja.pbx.dialog.more(omitted.length)}
              placeholder={ja.pbx.dialog.selectPlaceholder}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
