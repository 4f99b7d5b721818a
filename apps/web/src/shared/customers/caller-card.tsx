import { FormOutlined } from '@ant-design/icons';
import { isCustomerPhoneNumber } from '@tsunagu/contract/phone-number';
import { UNREGISTERED } from '@tsunagu/contract/cdr';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useUserInfo } from '../session/session-store';
import { useCan } from '../session/use-can';
import { callerCardQuery } from './customer-queries';
import { NoteEditor, noteEditorJa } from './note-editor';

/**
 * A ringing or connected number's customer: the name (else the caller ID's name, else 未登録) and the
 * layout's pop-up fields, read with one request (one index read on the server) as the call rings.
 */
export function CallerCard({ number, fallback }: { number: string | null; fallback: string }) {
  const { domainUuid } = useUserInfo().user;
  const customer = number !== null && isCustomerPhoneNumber(number);
  const card = useQuery({ ...callerCardQuery(domainUuid, number ?? ''), enabled: customer }).data;
  const name = card?.name ?? (fallback || (customer && card ? UNREGISTERED : ''));
  return (
    <Flex vertical align="center" gap={2}>
      {name && <Typography.Text style={{ fontSize: 16 }}>{name}</Typography.Text>}
      {card?.fields.map((field) => (
        <Typography.Text key={field.label} type="secondary">
          {field.label}: {field.value}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** '応対メモ' during a call: the note editor for the other party's number, in a dialog. */
export function CallNoteButton({
  number,
  callUuid = null,
}: {
  number: string | null;
  callUuid?: string | null;
}) {
  const { domainUuid } = useUserInfo().user;
  const allowed = useCan('customer.note');
  const [open, setOpen] = useState(false);
  const card = useQuery({
    ...callerCardQuery(domainUuid, number ?? ''),
    enabled: open && number !== null && isCustomerPhoneNumber(number),
  }).data;
  if (!allowed || number === null || !isCustomerPhoneNumber(number)) return null;
  return (
    <>
      <Button size="small" icon={<FormOutlined />} onClick={() => setOpen(true)}>
        {noteEditorJa.title}
      </Button>
      {open && (
        <Modal
          open
          title={`${noteEditorJa.title} ${number}`}
          footer={null}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <NoteEditor
            domainUuid={domainUuid}
            number={number}
            customerUuid={card?.customerUuid ?? null}
            callUuid={callUuid}
            onSaved={() => setOpen(false)}
          />
        </Modal>
      )}
    </>
  );
}
