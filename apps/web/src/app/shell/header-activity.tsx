import { MessageOutlined, PhoneOutlined, SoundOutlined } from '@ant-design/icons';
import { Badge, Button, Space, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { ja } from '../../shared/i18n/ja';
import { showSidePanelTab, useShellState } from '../../shared/shell-state/shell-state';
import { paths } from '../../shared/paths';
import { useUserInfo } from '../../shared/session/session-store';
import { jaVoicemail } from '../../shared/voicemail/voicemail.ja';
import { useVoicemailMessages } from '../../shared/voicemail/voicemail-queries';

/** 'Hang up' and a live indicator, only while a call is in progress. */
export function CurrentCallIndicator() {
  const { currentCall } = useShellState();
  if (!currentCall) return null;
  return (
    <Space size={8}>
      <Badge
        status="processing"
        color="green"
        text={ja.header.onCall(currentCall.number, currentCall.status)}
      />
      <Button danger type="primary" icon={<PhoneOutlined rotate={135} />} onClick={currentCall.hangUp}>
        {ja.header.hangUp}
      </Button>
    </Space>
  );
}

/** 'リコール {count}', only when customers wait for a call back; opens the recall list. */
export function RecallBadge() {
  const { recallCnt } = useShellState();
  const navigate = useNavigate();
  if (recallCnt <= 0) return null;
  return (
    <Button danger onClick={() => navigate(paths.cust.recall.href())}>
      {ja.header.recall(recallCnt)}
    </Button>
  );
}

/** The unread chat count, only when there is one; opens the chat tab. */
export function ChatBadge() {
  const { chatCnt } = useShellState();
  if (chatCnt <= 0) return null;
  return (
    <Badge count={chatCnt} size="small">
      <Button
        icon={<MessageOutlined />}
        aria-label={ja.header.chatUnread(chatCnt)}
        onClick={() => showSidePanelTab('chat')}
      />
    </Badge>
  );
}

/**
 * The message-waiting badge: one's count of new voicemail messages, live over the socket, only when
 * there is one; opens the voicemail screen. Only for a user with an extension (a box).
 */
export function VoicemailBadge() {
  const { user } = useUserInfo();
  const navigate = useNavigate();
  const unheard = useVoicemailMessages(user.domainUuid, user.userUuid).data?.unheard ?? 0;
  if (unheard <= 0) return null;
  return (
    <Tooltip title={jaVoicemail.badgeHint} placement="bottom">
      <Badge count={unheard} size="small">
        <Button icon={<SoundOutlined />} onClick={() => navigate(paths.voicemail.href())}>
          {jaVoicemail.title}
        </Button>
      </Badge>
    </Tooltip>
  );
}
