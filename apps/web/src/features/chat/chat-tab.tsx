import { SendOutlined } from '@ant-design/icons';
import { chatSendSchema } from '@tsunagu/contract/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { askNotificationPermissionOnce } from '../../shared/notifications/system-notification';
import { useUserInfo } from '../../shared/session/session-store';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { chatListQuery, sendChat } from './chat-api';
import { ChatMessageList } from './chat-message-list';
import { displayMessages, recipientsOf } from './chat-model';
import { chatJa } from './chat.ja';

const t = chatJa;

/** Chat with colleagues (spec 2.4 "Chat tab"). */
export function ChatTab() {
  const { user, domain } = useUserInfo();
  const directoryGroups = useTenantDirectory()?.userGroup.commDetails;
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const chat = useQuery(chatListQuery(user.userUuid));
  const [selected, setSelected] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const recipients = useMemo(
    () => recipientsOf(directoryGroups ?? [], user.userUuid),
    [directoryGroups, user.userUuid],
  );
  const messages = useMemo(() => {
    const names = new Map(recipients.map((r) => [r.id, r.itemName]));
    return displayMessages(chat.data?.list ?? [], user.userUuid, (id) => names.get(id) ?? t.unknownUser);
  }, [chat.data, recipients, user.userUuid]);

  // Opening the chat is the moment the user shows interest in it: ask once whether it may notify.
  useEffect(askNotificationPermissionOnce, []);

  // Spec 8: a chat that cannot be loaded says so in a toast.
  useEffect(() => {
    if (chat.isError) void toast.error(t.failed);
  }, [chat.isError, chat.errorUpdatedAt, toast]);

  const send = useMutation({
    mutationFn: sendChat,
    meta: { handlesErrors: true },
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: chatListQuery(user.userUuid).queryKey });
    },
    onError: (error) => {
      console.error('chat send', error);
      void toast.error(t.failed);
    },
  });

  const submit = () => {
    const request = {
      chatUuid: crypto.randomUUID(),
      domainUuid: domain.domainUuid,
      userUuid: user.userUuid,
      message: text,
      toUsers: JSON.stringify(recipients.filter((r) => selected.includes(r.id))),
      createDate: new Date().toISOString(),
    };
    const checked = chatSendSchema.safeParse(request);
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) send.mutate(request);
  };

  const addRecipient = (id: string) => {
    if (id !== user.userUuid && recipients.some((r) => r.id === id)) {
      setSelected((current) => (current.includes(id) ? current : [...current, id]));
    }
  };

  const groups = [...new Set(recipients.map((r) => r.group))].map((group) => ({
    label: group,
    title: group,
    options: recipients.filter((r) => r.group === group).map((r) => ({ value: r.id, label: r.itemName })),
  }));

  return (
    <Flex vertical gap={8}>
      <Select
        mode="multiple"
        aria-label={t.recipients}
        placeholder={t.placeholder}
        maxTagCount={1}
        options={groups}
        value={selected}
        onChange={setSelected}
        optionFilterProp="label"
        allowClear
      />
      <ChatMessageList messages={messages} loading={chat.isPending} onPickName={addRecipient} />
      <Input.TextArea
        aria-label={t.message}
        placeholder={t.messagePlaceholder}
        autoSize={{ minRows: 2, maxRows: 5 }}
        value={text}
        status={problem ? 'error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      <Button
        type="primary"
        icon={<SendOutlined />}
        // Spec 5 "Chat": no recipient, no sending.
        disabled={selected.length === 0}
        loading={send.isPending}
        onClick={submit}
      >
        {t.send}
      </Button>
    </Flex>
  );
}
