import { describe, expect, it } from 'vitest';
import { colleagues, panelDirectory } from '../../test/panel-fixtures';
import { displayMessages, recipientsOf } from './chat-model';

const { yamada, suzuki, tanaka } = colleagues;

describe('chat model', () => {
  it('offers every colleague of the groups once, never oneself', () => {
    const groups = panelDirectory().userGroup.commDetails;
    const twice = [...groups, { ...groups[0]!, commUuid: 'x', commName: '重複' }];
    expect(recipientsOf(twice, yamada.userUuid)).toEqual([
      { id: suzuki.userUuid, itemName: '鈴木 花子', group: '営業部' },
      { id: colleagues.admin.userUuid, itemName: '管理者', group: '総務部' },
      { id: tanaka.userUuid, itemName: '田中 一郎', group: '総務部' },
    ]);
  });

  it('shows sent messages with their recipients and received ones with their sender, at HH:mm', () => {
    const names = new Map<string, string>([[suzuki.userUuid, '鈴木 花子']]);
    const shown = displayMessages(
      [
        {
          chatUuid: 'c1',
          userUuid: yamada.userUuid,
          toUsers: JSON.stringify([
            { id: suzuki.userUuid, itemName: '鈴木 花子', group: '営業部' },
            { id: tanaka.userUuid, itemName: '' },
          ]),
          message: 'こんにちは',
          createDate: '2026-03-05T14:03:00',
        },
        {
          chatUuid: 'c2',
          userUuid: suzuki.userUuid,
          toUsers: 'broken',
          message: '了解',
          createDate: '2026-03-05T14:05:00',
        },
      ],
      yamada.userUuid,
      (id) => names.get(id) ?? '不明なユーザー',
    );
    expect(shown).toEqual([
      {
        chatUuid: 'c1',
        action: 'send',
        message: 'こんにちは',
        time: '14:03',
        people: [
          { id: suzuki.userUuid, name: '鈴木 花子' },
          { id: tanaka.userUuid, name: '不明なユーザー' },
        ],
      },
      {
        chatUuid: 'c2',
        action: 'receive',
        message: '了解',
        time: '14:05',
        people: [{ id: suzuki.userUuid, name: '鈴木 花子' }],
      },
    ]);
  });
});
