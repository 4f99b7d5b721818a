import { conditionTypeLabel } from '@tsunagu/contract/schedule/format';
import type { Dialplan } from '@tsunagu/contract/schedule/schema';
import {
  localNow,
  tryCallStepText,
  type TryCallQuery,
  type TryCallResult,
} from '@tsunagu/contract/schedule/try-call';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Radio,
  Tag,
  TimePicker,
} from 'antd';
import { useId, useState } from 'react';
import { dayjs } from '../../shared/dayjs';
import { ActionTag } from './action-badges';
import { DATE_FORMAT, dateText, dateValue } from './picker-values';
import { useIncomingNumbers, useTryCall } from './try-call';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa.tryCall;
const SECONDS_FORMAT = 'HH:mm:ss';

export interface TryCallPanelProps {
  /** The schedule on screen: asked about unless an incoming number is chosen. */
  schedule: Dialplan;
  timeZone: string;
}

/** 「この番号に今かけたら?」: pick a date and time (now by default) and see what an outside call would do. */
export function TryCallPanel({ schedule, timeZone }: TryCallPanelProps) {
  const id = useId();
  const [target, setTarget] = useState<'schedule' | 'number'>('schedule');
  const [number, setNumber] = useState('');
  const [moment, setMoment] = useState(() => localNow(timeZone));
  const [asked, setAsked] = useState<TryCallQuery | null>(null);
  const numbers = useIncomingNumbers();
  const answer = useTryCall(asked);

  const ask = () =>
    setAsked({
      ...moment,
      ...(target === 'number'
        ? { destinationNumber: number.trim() }
        : { dialplanUuid: schedule.dialplanUuid ?? undefined }),
    });

  return (
    <Card size="small" title={t.title} role="region" aria-label={t.title}>
      <Flex gap={12} align="center" wrap>
        <Radio.Group
          aria-label={t.target}
          value={target}
          onChange={(event) => setTarget(event.target.value as 'schedule' | 'number')}
          options={[
            { value: 'schedule', label: t.bySchedule },
            { value: 'number', label: t.byNumber },
          ]}
        />
        {target === 'number' && (
          <AutoComplete
            aria-label={t.number}
            value={number}
            onChange={setNumber}
            options={(numbers.data ?? []).map((value) => ({ value }))}
            placeholder={t.numberPlaceholder}
            style={{ width: 180 }}
          />
        )}
        <label htmlFor={`${id}-date`}>{t.date}</label>
        <DatePicker
          id={`${id}-date`}
          format={DATE_FORMAT}
          allowClear={false}
          value={dateValue(moment.date)}
          onChange={(value) => setMoment((m) => ({ ...m, date: dateText(value) || m.date }))}
        />
        <label htmlFor={`${id}-time`}>{t.time}</label>
        <TimePicker
          id={`${id}-time`}
          format={SECONDS_FORMAT}
          allowClear={false}
          needConfirm={false}
          value={dayjs(`${moment.date}T${moment.time}`)}
          onChange={(value) =>
            setMoment((m) => ({ ...m, time: value ? value.format(SECONDS_FORMAT) : m.time }))
          }
        />
        <Button onClick={() => setMoment(localNow(timeZone))}>{t.now}</Button>
        <Button type="primary" onClick={ask} loading={answer.isFetching}>
          {t.ask}
        </Button>
      </Flex>
      {answer.error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={answer.error.message} />}
      {answer.data && !answer.error && <TryCallAnswer result={answer.data} asked={asked} />}
    </Card>
  );
}

/** The rule that applies and what the call does, step by step. */
function TryCallAnswer({ result, asked }: { result: TryCallResult; asked: TryCallQuery | null }) {
  const { rule } = result;
  return (
    <section aria-label={t.answer} style={{ marginTop: 12 }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'at',
            label: t.date,
            children: asked ? t.at(asked.date, asked.time, result.timeZone) : result.at,
          },
          {
            key: 'rule',
            label: t.rule,
            children: rule ? (
              <Flex gap={8} align="center" wrap>
                <strong>{rule.type === 'anti' ? t.defaultRule : rule.name}</strong>
                {rule.type !== 'anti' && <Tag>{conditionTypeLabel(rule.type)}</Tag>}
                {rule.order !== null && <span>{t.priority(rule.order)}</span>}
                <ActionTag type={rule.actionType} />
                {rule.holiday && <span>{t.holiday(rule.holiday)}</span>}
              </Flex>
            ) : (
              t.noRule
            ),
          },
          {
            key: 'steps',
            label: t.steps,
            children: (
              <ol style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t.steps}>
                {result.steps.map((step, index) => (
                  <li key={index}>{tryCallStepText(step)}</li>
                ))}
              </ol>
            ),
          },
        ]}
      />
    </section>
  );
}
