import type { TimelineEntry } from '@tsunagu/contract/crm/notes';
import { formatPhoneNumber } from '@tsunagu/contract/phone-number';
import { Button, Empty, Flex, Tag, Timeline as AntTimeline, Typography } from 'antd';
import { dayjs } from '../../shared/dayjs';
import { customersJa } from './customers.ja';

const t = customersJa;

/** The record's history, newest first: call notes (and calls once the call history joins it). */
export function Timeline({
  entries,
  onDial,
  dialBlocked,
}: {
  entries: readonly TimelineEntry[];
  onDial: (number: string) => void;
  dialBlocked: boolean;
}) {
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.record.noTimeline} />;
  return (
    <AntTimeline
      items={entries.map((entry) => {
        const { note } = entry;
        return {
          key: note.noteUuid,
          color: 'blue',
          content: (
            <Flex vertical gap={2}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">
                  {dayjs(entry.at).format('YYYY/MM/DD HH:mm')}
                </Typography.Text>
                <Tag>{t.note.title}</Tag>
                {note.category && <Tag color="geekblue">{note.category}</Tag>}
                {note.result && <Tag color="green">{note.result}</Tag>}
                <Typography.Text type="secondary">{note.authorName}</Typography.Text>
              </Flex>
              {note.body && (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {note.body}
                </Typography.Paragraph>
              )}
              <Button
                type="link"
                size="small"
                disabled={dialBlocked}
                onClick={() => onDial(note.number)}
                style={{ alignSelf: 'flex-start', padding: 0 }}
              >
                {t.record.callNumber(formatPhoneNumber(note.number))}
              </Button>
            </Flex>
          ),
        };
      })}
    />
  );
}
