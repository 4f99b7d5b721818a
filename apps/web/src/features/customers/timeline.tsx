import { CALL_KIND_LABELS, CALL_RESULT_LABELS } from '@tsunagu/contract/calls';
import type { Note, TimelineCall, TimelineEntry, TimelineRecall } from '@tsunagu/contract/crm/notes';
import { formatPhoneNumber } from '@tsunagu/contract/phone-number';
import { Button, Empty, Flex, Tag, Timeline as AntTimeline, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { dayjs } from '../../shared/dayjs';
import { customersJa } from './customers.ja';

const t = customersJa;

/** Seconds as m:ss. */
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface DialProps {
  onDial: (number: string) => void;
  dialBlocked: boolean;
}

function DialButton({ number, onDial, dialBlocked }: DialProps & { number: string }) {
  return (
    <Button
      type="link"
      size="small"
      disabled={dialBlocked}
      onClick={() => onDial(number)}
      style={{ alignSelf: 'flex-start', padding: 0 }}
    >
      {t.record.callNumber(formatPhoneNumber(number))}
    </Button>
  );
}

function Head({ at, children }: { at: string; children: ReactNode }) {
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{dayjs(at).format('YYYY/MM/DD HH:mm')}</Typography.Text>
      {children}
    </Flex>
  );
}

function CallItem({ at, call, ...dial }: DialProps & { at: string; call: TimelineCall }) {
  const result = CALL_RESULT_LABELS[call.result];
  return (
    <Flex vertical gap={2}>
      <Head at={at}>
        <Tag>{CALL_KIND_LABELS[call.kind]}</Tag>
        <Tooltip title={result.definition}>
          <Tag color={call.result === 'answered' ? 'green' : 'red'}>{result.label}</Tag>
        </Tooltip>
        {call.agentName && <Typography.Text>{call.agentName}</Typography.Text>}
      </Head>
      <Typography.Text type="secondary">
        {t.timeline.times(duration(call.ringSeconds), duration(call.talkSeconds))}
      </Typography.Text>
      <DialButton number={call.number} {...dial} />
    </Flex>
  );
}

function RecallItem({ at, recall, ...dial }: DialProps & { at: string; recall: TimelineRecall }) {
  return (
    <Flex vertical gap={2}>
      <Head at={at}>
        <Tag color={recall.state === 'open' ? 'orange' : 'default'}>
          {recall.state === 'open' ? t.timeline.recallOpen : t.timeline.recallDone}
        </Tag>
        {recall.assigneeName && <Typography.Text>{t.timeline.assignee(recall.assigneeName)}</Typography.Text>}
        {recall.state === 'done' && recall.doneAt && (
          <Typography.Text type="secondary">
            {t.timeline.doneBy(dayjs(recall.doneAt).format('MM/DD HH:mm'), recall.doneByName)}
          </Typography.Text>
        )}
      </Head>
      {recall.reason && <Typography.Text>{recall.reason}</Typography.Text>}
      <DialButton number={recall.number} {...dial} />
    </Flex>
  );
}

function NoteItem({ at, note, ...dial }: DialProps & { at: string; note: Note }) {
  return (
    <Flex vertical gap={2}>
      <Head at={at}>
        <Tag color="blue">{t.note.title}</Tag>
        {note.category && <Tag color="geekblue">{note.category}</Tag>}
        {note.result && <Tag color="green">{note.result}</Tag>}
        <Typography.Text type="secondary">{note.authorName}</Typography.Text>
      </Head>
      {note.body && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{note.body}</Typography.Paragraph>
      )}
      <DialButton number={note.number} {...dial} />
    </Flex>
  );
}

const COLORS = { note: 'blue', call: 'green', recall: 'orange' } as const;

/**
 * How many entries the timeline shows at first, and adds per さらに表示. The record opens while the call
 * rings: all 200 entries a big client has took Chromium about a second to lay out, the newest few are
 * what the user reads then.
 */
export const TIMELINE_STEP = 20;

/** The record's history, newest first: the tenant's calls with the customer's numbers, recall items and call notes. */
export function Timeline({ entries, ...dial }: DialProps & { entries: readonly TimelineEntry[] }) {
  const [shown, setShown] = useState(TIMELINE_STEP);
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.record.noTimeline} />;
  const rest = entries.length - shown;
  return (
    <>
      <AntTimeline
        items={entries.slice(0, shown).map((entry) => ({
          key:
            entry.kind === 'note'
              ? entry.note.noteUuid
              : entry.kind === 'call'
                ? entry.call.callUuid
                : entry.recall.recallUuid,
          color: COLORS[entry.kind],
          content:
            entry.kind === 'note' ? (
              <NoteItem at={entry.at} note={entry.note} {...dial} />
            ) : entry.kind === 'call' ? (
              <CallItem at={entry.at} call={entry.call} {...dial} />
            ) : (
              <RecallItem at={entry.at} recall={entry.recall} {...dial} />
            ),
        }))}
      />
      {rest > 0 && (
        <Button block onClick={() => setShown(shown + TIMELINE_STEP)}>
          {t.timeline.more(rest)}
        </Button>
      )}
    </>
  );
}
