import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { Fragment, useEffect, useRef } from 'react';
import { ja } from '../../shared/i18n/ja';
import type { DisplayedMessage } from './chat-model';
import { chatJa } from './chat.ja';

const t = chatJa;

function NameLink({ id, name, onPick }: { id: string; name: string; onPick: (id: string) => void }) {
  return (
    <Button
      type="link"
      title={t.addRecipient(name)}
      onClick={() => onPick(id)}
      style={{ padding: 0, height: 'auto', fontSize: 12 }}
    >
      {name}
    </Button>
  );
}

/** Received messages on the left with their sender, sent ones on the right with their recipients; newest at the bottom. */
export function ChatMessageList({
  messages,
  loading,
  onPickName,
}: {
  messages: DisplayedMessage[];
  loading: boolean;
  onPickName: (id: string) => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.chatUuid;
  // Braces: an effect must return nothing or a cleanup, and scrollIntoView may return a promise.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    <Spin spinning={loading} description={ja.panel.loading}>
      <Flex
        vertical
        gap={8}
        role="log"
        aria-label={ja.sidePanel.tabs.chat}
        style={{
          height: 'calc(100vh - 260px)',
          minHeight: 160,
          overflowY: 'auto',
          padding: 8,
          background: '#fafafa',
        }}
      >
        {messages.length === 0 && !loading && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
        )}
        {messages.map((m) => {
          const sent = m.action === 'send';
          return (
            <Flex
              key={m.chatUuid}
              vertical
              data-action={m.action}
              align={sent ? 'flex-end' : 'flex-start'}
              style={{ alignSelf: sent ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {sent && t.to}
                {m.people.map((p, i) => (
                  <Fragment key={p.id}>
                    {i > 0 && '、'}
                    <NameLink id={p.id} name={p.name} onPick={onPickName} />
                  </Fragment>
                ))}{' '}
                {m.time}
              </Typography.Text>
              <div
                style={{
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  padding: '6px 10px',
                  borderRadius: 8,
                  background: sent ? '#0958d9' : '#ffffff',
                  color: sent ? '#ffffff' : undefined,
                  border: sent ? undefined : '1px solid #f0f0f0',
                }}
              >
                {m.message}
              </div>
            </Flex>
          );
        })}
        <div ref={end} />
      </Flex>
    </Spin>
  );
}
