import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlayCircleOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { VoicemailMessage } from '@tsunagu/contract/voicemail';
import { Alert, App, Button, Card, Col, Popconfirm, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { dayjs } from '../../shared/dayjs';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { saveBlob } from '../../shared/ui/save-blob';
import { jaVoicemail as t } from '../../shared/voicemail/voicemail.ja';
import {
  fetchVoicemailAudio,
  useVoicemailMessageActions,
  useVoicemailMessages,
} from '../../shared/voicemail/voicemail-queries';
import { VoicemailSettingsForm } from '../../shared/voicemail/voicemail-settings';

const callerOf = (message: VoicemailMessage) =>
  [message.callerName, message.callerNumber].filter(Boolean).join(' ') || t.unknownCaller;

/** /voicemail: one's messages (play, mark heard, download, delete) beside the box's settings. */
export function VoicemailPage() {
  const { user } = useUserInfo();
  const { message } = App.useApp();
  const hasBox = user.extension !== null;
  const list = useVoicemailMessages(user.domainUuid, user.userUuid, hasBox);
  const { heard, remove } = useVoicemailMessageActions(user.domainUuid);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const fail = (error: Error) => void message.error(error.message);

  if (!hasBox) return <Alert type="info" showIcon title={t.noExtension} />;

  const play = async (row: VoicemailMessage) => {
    try {
      const blob = await fetchVoicemailAudio(user.domainUuid, row.messageUuid);
      const element = audio.current;
      if (!element) return;
      if (element.src) URL.revokeObjectURL(element.src);
      element.src = URL.createObjectURL(blob);
      setPlaying(row.messageUuid);
      element.play().catch(() => undefined);
      // Listening is what makes a message heard (the badge goes down with it).
      if (!row.heard) heard.mutate({ messageUuid: row.messageUuid, heard: true }, { onError: fail });
    } catch (error) {
      fail(error as Error);
    }
  };
  const download = async (row: VoicemailMessage) => {
    try {
      const blob = await fetchVoicemailAudio(user.domainUuid, row.messageUuid);
      const stamp = dayjs(row.receivedAt).format('YYYYMMDD-HHmmss');
      saveBlob(blob, `留守電_${row.callerNumber || '番号なし'}_${stamp}.wav`);
    } catch (error) {
      fail(error as Error);
    }
  };

  const messages = list.data?.messages ?? [];
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {ja.titles.voicemail}
      </Typography.Title>
      {/* Side by side only on wide screens: beside the menu and the side panel, 1280 px leaves about 650. */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={16}>
          <Card
            size="small"
            title={
              <Space>
                {t.messages}
                {(list.data?.unheard ?? 0) > 0 && <Tag color="red">{`${t.new} ${list.data?.unheard}`}</Tag>}
              </Space>
            }
          >
            <audio
              ref={audio}
              controls
              aria-label={t.player}
              onEnded={() => setPlaying(null)}
              style={{ width: '100%', maxWidth: 480, height: 36, marginBottom: 8 }}
            />
            <Table<VoicemailMessage>
              size="small"
              rowKey="messageUuid"
              loading={list.isLoading}
              dataSource={messages}
              pagination={messages.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              locale={{ emptyText: t.empty }}
              scroll={{ x: 640 }}
              rowClassName={(row) => (row.messageUuid === playing ? 'ant-table-row-selected' : '')}
              columns={[
                {
                  title: t.state,
                  key: 'state',
                  width: 90,
                  render: (_, row) => (row.heard ? <Tag>{t.heard}</Tag> : <Tag color="red">{t.new}</Tag>),
                },
                {
                  title: t.caller,
                  key: 'caller',
                  render: (_, row) => <Typography.Text strong={!row.heard}>{callerOf(row)}</Typography.Text>,
                },
                {
                  title: t.receivedAt,
                  dataIndex: 'receivedAt',
                  width: 170,
                  render: (value: string) => dayjs(value).format('YYYY/MM/DD HH:mm:ss'),
                },
                {
                  title: t.length,
                  dataIndex: 'seconds',
                  width: 70,
                  render: (value: number) => t.lengthText(value),
                },
                {
                  title: '操作',
                  key: 'actions',
                  width: 200,
                  render: (_, row) => (
                    <Space size={4}>
                      <Tooltip title={t.play}>
                        <Button
                          size="small"
                          icon={<PlayCircleOutlined />}
                          aria-label={`${t.play} ${callerOf(row)}`}
                          onClick={() => void play(row)}
                        />
                      </Tooltip>
                      <Tooltip title={row.heard ? t.markNew : t.markHeard}>
                        <Button
                          size="small"
                          icon={row.heard ? <UndoOutlined /> : <CheckOutlined />}
                          aria-label={`${row.heard ? t.markNew : t.markHeard} ${callerOf(row)}`}
                          onClick={() =>
                            heard.mutate(
                              { messageUuid: row.messageUuid, heard: !row.heard },
                              { onError: fail },
                            )
                          }
                        />
                      </Tooltip>
                      <Tooltip title={t.download}>
                        <Button
                          size="small"
                          icon={<DownloadOutlined />}
                          aria-label={`${t.download} ${callerOf(row)}`}
                          onClick={() => void download(row)}
                        />
                      </Tooltip>
                      <Popconfirm
                        title={t.deleteConfirm}
                        okText={t.delete}
                        cancelText="キャンセル"
                        onConfirm={() =>
                          remove.mutate(row.messageUuid, {
                            onSuccess: () => void message.success(t.deleted),
                            onError: fail,
                          })
                        }
                      >
                        <Tooltip title={t.delete}>
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${t.delete} ${callerOf(row)}`}
                          />
                        </Tooltip>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          <Card size="small" title={t.settings} style={{ maxWidth: 560 }}>
            <VoicemailSettingsForm domainUuid={user.domainUuid} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
