import { PHONE_EXAMPLE } from '@tsunagu/contract/pbx/shared';
import { ACTION_TYPE_LABELS, DEFAULT_ACTION_TYPES } from '@tsunagu/contract/schedule/format';
import { antiOf, type Dialplan, type TimeCondition } from '@tsunagu/contract/schedule/schema';
import { scheduleMessages } from '@tsunagu/contract/schedule/messages';
import { validateAntiSave } from '@tsunagu/contract/schedule/validate';
import { Button, Form, Input, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { showAlert } from '../../shared/ui/alert';
import { NumberInput } from '../../shared/ui/number-input';
import { ActionTargetSelect, RecordingSelect, type ScheduleChoices } from './action-inputs';
import { withDefault } from './condition-edits';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;

export interface DefaultConditionPaneProps {
  schedule: Dialplan;
  choices: ScheduleChoices;
  saving?: boolean;
  /** Saves the whole schedule with the edited default. */
  onSave: (schedule: Dialplan) => void;
}

/**
 * The left pane: the schedule's default ('anti') condition — absence announcement and mail, and what
 * happens outside every other condition. Save checks the spec's five steps in order, as an alert.
 */
export function DefaultConditionPane({ schedule, choices, saving, onSave }: DefaultConditionPaneProps) {
  const id = useId();
  const stored = antiOf(schedule);
  const [anti, setAnti] = useState<TimeCondition | undefined>(stored);
  if (!anti) return <Typography.Text type="danger">{scheduleMessages.noDefault}</Typography.Text>;
  const set = (patch: Partial<TimeCondition>) => setAnti({ ...anti, ...patch });

  const save = () => {
    const next = withDefault(schedule, anti);
    const message = validateAntiSave(next);
    if (message) showAlert(message);
    else onSave(next);
  };

  return (
    <Form layout="vertical" component="section" aria-label={t.defaultPane} style={{ paddingRight: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t.defaultPane}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.defaultLead}</Typography.Paragraph>
      <Form.Item label={t.absenceAnnouncement} htmlFor={`${id}-absence`}>
        <RecordingSelect
          id={`${id}-absence`}
          options={choices.recordings}
          value={anti.timeConditionVoiceMailAnnounce}
          onChange={(value) => set({ timeConditionVoiceMailAnnounce: value })}
          allowClear
        />
      </Form.Item>
      <Form.Item label={t.absenceMail} htmlFor={`${id}-mail`}>
        <Input
          id={`${id}-mail`}
          type="email"
          value={anti.timeConditionVoiceMail}
          onChange={(event) => set({ timeConditionVoiceMail: event.target.value })}
          maxLength={254}
          placeholder={t.absenceMailPlaceholder}
        />
      </Form.Item>
      <Form.Item label={t.defaultAction}>
        <Radio.Group
          aria-label={t.defaultAction}
          value={anti.timeConditionActionType}
          onChange={(event) => set({ timeConditionActionType: event.target.value })}
          options={DEFAULT_ACTION_TYPES.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }))}
        />
      </Form.Item>
      {anti.timeConditionActionType === 'action' && (
        <Form.Item label={t.action} htmlFor={`${id}-action`}>
          <ActionTargetSelect
            id={`${id}-action`}
            options={choices.actionOptions}
            value={anti.timeConditionAction}
            onChange={(value) => set({ timeConditionAction: value })}
          />
        </Form.Item>
      )}
      {anti.timeConditionActionType === 'transfer' && (
        <Form.Item label={t.transfer} htmlFor={`${id}-transfer`}>
          <NumberInput
            id={`${id}-transfer`}
            value={anti.timeConditionTransfer}
            onChange={(value) => set({ timeConditionTransfer: value })}
            maxLength={12}
            placeholder={t.transferPlaceholder(PHONE_EXAMPLE)}
          />
        </Form.Item>
      )}
      {anti.timeConditionActionType === 'announce' && (
        <Form.Item label={t.announcement} htmlFor={`${id}-announce`}>
          <RecordingSelect
            id={`${id}-announce`}
            options={choices.recordings}
            value={anti.timeConditionAnnounce}
            onChange={(value) => set({ timeConditionAnnounce: value })}
          />
        </Form.Item>
      )}
      <Button type="primary" loading={saving} onClick={save}>
        {ja.pbx.dialog.save}
      </Button>
    </Form>
  );
}
