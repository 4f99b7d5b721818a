import { actionOptionItems } from '@tsunagu/contract/pbx/routing-choices';
import {
  newCondition,
  newSchedule,
  type ConditionType,
  type Dialplan,
  type TimeCondition,
} from '@tsunagu/contract/schedule/schema';
import { DEFAULT_TIME_ZONE, isTimeZone, todayIn } from '@tsunagu/contract/schedule/zone';
import { Button, Card, DatePicker, Empty, Flex, Select, Splitter, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useInitData } from '../../shared/pbx/get-init-data';
import { useRecordingOptions, useRecordings } from '../../shared/pbx/get-recordings';
import { useUserInfo } from '../../shared/session/session-store';
import { fetchUsage } from '../../shared/pbx/usage';
import { useConfirm, useConfirmDelete } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { ActionLegend } from './action-badges';
import type { ScheduleChoices } from './action-inputs';
import { ConditionDialog } from './condition-dialog';
import { othersOf, withCondition, withoutCondition } from './condition-edits';
import { ConditionList } from './condition-list';
import { DefaultConditionPane } from './default-condition-pane';
import { useDeleteSchedule } from './delete-schedule';
import { useSchedules } from './get-schedules';
import { NewScheduleDialog } from './new-schedule-dialog';
import { DATE_FORMAT, dateText, dateValue } from './picker-values';
import { useSaveSchedule } from './save-schedule';
import { ScheduleChart } from './schedule-chart';
import { TryCallPanel } from './try-call-panel';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;
const NONE: Dialplan[] = [];

/** The condition being edited in the modal, and where it sits in the schedule (null: a new one). */
interface Editing {
  index: number | null;
  condition: TimeCondition;
}

/** /pbx/time: business hours (spec 2.9). Every change saves the whole schedule, then reloads it. */
export function SchedulesPage() {
  const id = useId();
  const { domain } = useUserInfo();
  const timeZone = isTimeZone(domain.timeZone) ? domain.timeZone : DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const schedules = useSchedules();
  const initData = useInitData();
  const recordings = useRecordings();
  const recordingOptions = useRecordingOptions();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const notices = useNotices();
  const confirm = useConfirm();
  const confirmDelete = useConfirmDelete();
  const [chosenUuid, setChosenUuid] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [chartDate, setChartDate] = useState(today);

  const list = schedules.data?.list ?? NONE;
  // A refresh keeps the choice while the schedule still exists.
  const schedule = list.find((d) => d.dialplanUuid === chosenUuid);
  const choices: ScheduleChoices = useMemo(
    () => ({
      actionOptions: initData.data ? actionOptionItems(initData.data) : [],
      recordings: recordingOptions,
    }),
    [initData.data, recordingOptions],
  );

  /** Saves a whole schedule; resolves to its id, or null when the server refused (the alert shows why). */
  const persist = async (next: Dialplan, notice: () => void = notices.saved): Promise<string | null> => {
    try {
      const saved = await save.mutateAsync(next);
      notice();
      return saved.dialplanUuid;
    } catch (error) {
      notices.failed(error);
      return null;
    }
  };

  const createSchedule = async (name: string) => {
    const created = await persist(newSchedule(name, domain));
    if (created === null) return;
    setChosenUuid(created);
    setCreating(false);
  };

  const deleteSchedule = async () => {
    const dialplanUuid = schedule?.dialplanUuid;
    if (!dialplanUuid) return;
    const choice = await confirmDelete(() => fetchUsage(domain.domainUuid, 'schedule', dialplanUuid));
    if (!choice) return;
    try {
      await remove.mutateAsync({ id: dialplanUuid, removeReferences: choice.removeReferences });
      notices.deleted();
      setChosenUuid(undefined);
    } catch (error) {
      notices.failed(error);
    }
  };

  const refresh = () => {
    void schedules.refetch();
    void initData.refetch();
    void recordings.refetch();
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex gap={8} align="center" wrap>
          <label htmlFor={`${id}-schedule`}>{t.select}</label>
          <Select
            id={`${id}-schedule`}
            value={schedule?.dialplanUuid ?? undefined}
            onChange={setChosenUuid}
            options={list.map((d) => ({ value: d.dialplanUuid as string, label: d.dialplanName }))}
            loading={schedules.isFetching}
            placeholder={t.selectPlaceholder}
            style={{ width: 260 }}
          />
          <Button type="primary" onClick={() => setCreating(true)}>
            {ja.pbx.list.create}
          </Button>
          <Button
            danger
            disabled={!schedule}
            loading={remove.isPending}
            onClick={() => void deleteSchedule()}
          >
            {t.deleteSchedule}
          </Button>
          <Button onClick={refresh}>{ja.pbx.list.refresh}</Button>
        </Flex>
      </Card>

      {schedule?.dialplanUuid ? (
        <>
          <Card
            size="small"
            title={
              <Typography.Title level={4} style={{ margin: 0 }}>
                {schedule.dialplanName}
              </Typography.Title>
            }
          >
            <Splitter>
              <Splitter.Panel defaultSize="30%" min={260}>
                <DefaultConditionPane
                  key={`${schedule.dialplanUuid}:${schedules.dataUpdatedAt}`}
                  schedule={schedule}
                  choices={choices}
                  saving={save.isPending}
                  onSave={(next) => void persist(next)}
                />
              </Splitter.Panel>
              <Splitter.Panel min={360}>
                <Flex vertical gap={12} style={{ paddingLeft: 16 }}>
                  <Flex gap={16} align="center" wrap>
                    <label htmlFor={`${id}-chart-date`}>{t.chartDate}</label>
                    <DatePicker
                      id={`${id}-chart-date`}
                      format={DATE_FORMAT}
                      value={dateValue(chartDate)}
                      minDate={dateValue(today) ?? undefined}
                      allowClear={false}
                      onChange={(value) => setChartDate(dateText(value) || today)}
                    />
                    <ActionLegend />
                  </Flex>
                  <ScheduleChart schedule={schedule} startDate={chartDate} timeZone={timeZone} />
                  <ConditionList
                    conditions={schedule.timeconditions}
                    onAdd={(type: ConditionType) =>
                      setEditing({ index: null, condition: newCondition(type, schedule.timeconditions) })
                    }
                    onEdit={(index) =>
                      setEditing({ index, condition: schedule.timeconditions[index] as TimeCondition })
                    }
                    onDelete={async (index) => {
                      if (await confirm(ja.pbx.list.confirmDelete)) {
                        await persist(withoutCondition(schedule, index), notices.deleted);
                      }
                    }}
                  />
                </Flex>
              </Splitter.Panel>
            </Splitter>
          </Card>
          <TryCallPanel key={schedule.dialplanUuid} schedule={schedule} timeZone={timeZone} />
        </>
      ) : (
        <Empty description={t.noSchedule} />
      )}

      {creating && (
        <NewScheduleDialog
          saving={save.isPending}
          onAdd={(name) => void createSchedule(name)}
          onClose={() => setCreating(false)}
        />
      )}
      {editing && schedule && (
        <ConditionDialog
          condition={editing.condition}
          others={othersOf(schedule, editing.index)}
          choices={choices}
          today={today}
          saving={save.isPending}
          onSave={async (condition) => {
            if ((await persist(withCondition(schedule, editing.index, condition))) !== null) setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
