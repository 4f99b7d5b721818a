import { RING_GROUP_STRATEGIES } from '@tsunagu/contract/pbx/ring-group';
import { Card, Flex, Typography } from 'antd';

const { Title, Paragraph, Text } = Typography;

/** One PBX screen: its menu name and what it is for. */
const SCREENS: readonly [name: string, text: string][] = [
  [
    '着信番号設定',
    '外線の着信番号ごとに、表示名・業務時間（営業時間）・利用/停止を設定します。番号の追加と削除はサービス提供者が行います。',
  ],
  [
    '内線設定',
    '内線ごとに発信者番号・着信拒否・転送先を設定します。管理者は内線の追加・削除と、SIP/ソフトフォン用パスワードの再発行ができます（新しいパスワードは一度だけ表示されます）。',
  ],
  [
    'グループ設定',
    '複数の内線を一つのグループ番号（300～399）で呼び出します。呼び出し方法・呼び出し時間・応答がないときの動作（切断・アナウンス・転送）・不在通知メールを設定します。',
  ],
  [
    'IVR設定',
    '自動音声メニューです。アナウンスの後、押された番号（0～9、#、*）ごとにIVR・グループ・内線へ転送します。',
  ],
  [
    '営業時間設定',
    '曜日と時間、特定日、祝日・休業日の条件ごとに、着信をどこへ送るか（転送・アナウンス・切断など）を決めます。7日間のグラフと「この番号に今かけたら?」で結果を確認できます。',
  ],
  ['短縮ダイヤル', '2桁の短縮番号（01～99）で電話番号を発信できるようにします。'],
  ['音声ファイル', 'アナウンスに使う wav・mp3 ファイルをアップロード・再生・ダウンロードします。'],
];

/** /help: how the console's PBX screens work (the header's HELP opens it unless HELP_URL names another site). */
export function HelpPage() {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Title level={4} style={{ margin: 0 }}>
        つなぐ ヘルプ
      </Title>
      <Card size="small" title="PBX管理の画面">
        <Paragraph>
          一覧画面では、行を選んで「修正」「削除」「使用箇所」を押します。「フィルター」に文字を入れると、すべての列から絞り込みます。「エクスポート」で一覧を
          Excel ファイルに保存できます。
        </Paragraph>
        <dl>
          {SCREENS.map(([name, text]) => (
            <div key={name} style={{ marginBottom: 8 }}>
              <dt>
                <Text strong>{name}</Text>
              </dt>
              <dd style={{ marginInlineStart: 16 }}>{text}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card size="small" title="使用中のものを削除するとき">
        <Paragraph>
          内線・グループ・IVR・営業時間・音声ファイルが、ほかの設定（グループのメンバー、IVRのメニュー、営業時間の動作、短縮ダイヤル、ユーザーなど）から使われているときは、
          削除の前に「使用中: IVR 5000 の 1 番、グループ
          300」のように使用箇所が表示されます。「参照を削除して削除」を選ぶと、それらの参照と対象を同時に削除します。
          使われている先がすでに削除されている設定は、赤字で「削除済み」と表示されます。
        </Paragraph>
      </Card>
      <Card size="small" title="グループの呼び出し方法">
        <dl>
          {RING_GROUP_STRATEGIES.map((s) => (
            <div key={s.value} style={{ marginBottom: 8 }}>
              <dt>
                <Text strong>{s.label}</Text>
              </dt>
              <dd style={{ marginInlineStart: 16 }}>{s.help}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card size="small" title="営業時間の優先順位">
        <Paragraph>
          着信のたびに、その時刻に当てはまる条件のうち優先順位の数字がいちばん小さいものが使われます。特定日と祝日・休業日の条件は
          500～599、曜日時間の条件は 800～899 なので、祝日や臨時休業などの特定日は曜日時間より優先されます。
          祝日・休業日の条件は国民の祝日（振替休日を含む）と、自社で登録した休業日（毎年または一度だけ）の終日に当てはまります。
          毎年の特定日は年をまたいで（例: 12/29～1/3）、曜日時間は日付をまたいで（例:
          22:00～06:00、始まった曜日の条件）設定できます。
          どの条件にも当てはまらないときは「デフォルト」の動作になります。時刻はテナントのタイムゾーンで判定します。
        </Paragraph>
      </Card>
    </Flex>
  );
}
