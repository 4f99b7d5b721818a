import { Collapse, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { ja } from '../../shared/i18n/ja';
import type { ParkSlotView } from './presence-model';
import { presenceJa } from './presence.ja';

const t = presenceJa.park;

function SlotRow({ slot }: { slot: ParkSlotView }) {
  return (
    <Flex role="listitem" aria-label={t.slot(slot.slot)} align="center" gap={6} style={{ padding: '2px 0' }}>
      <Tag
        color={slot.use ? 'red' : 'default'}
        style={{ width: 30, textAlign: 'center', marginInlineEnd: 0 }}
      >
        {t.slot(slot.slot)}
      </Tag>
      {slot.use ? (
        <>
          <Typography.Text type="danger">{t.inUse}</Typography.Text>
          {slot.userName && <Typography.Text>{slot.userName}</Typography.Text>}
          {slot.destNumber && (
            <Link to={paths.cust.record.href(slot.destNumber)} title={ja.panel.openCustomer}>
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {slot.destNumber}
              </Tag>
            </Link>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{t.unused}</Typography.Text>
      )}
    </Flex>
  );
}

/** 'Park hold check (Beta)': expands to P1–P8, each in use (with who and which number) or unused. */
export function ParkSection({ slots }: { slots: ParkSlotView[] }) {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'park',
          label: t.title,
          children: (
            <div role="list" aria-label={t.title}>
              {slots.map((slot) => (
                <SlotRow key={slot.slot} slot={slot} />
              ))}
            </div>
          ),
        },
      ]}
    />
  );
}
