import { PlusOutlined } from '@ant-design/icons';
import { customerName, type Customer, type CustomerListItem } from '@tsunagu/contract/crm/customer';
import { menuLabel } from '@tsunagu/contract/menu';
import { formatPhoneNumber } from '@tsunagu/contract/phone-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { dayjs } from '../../shared/dayjs';
import { paths } from '../../shared/paths';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { useCan } from '../../shared/session/use-can';
import { useConfirm } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import {
  customerKeys,
  deleteCustomer,
  deleteCustomers,
  getCustomer,
  getCustomerExport,
  getCustomerPage,
} from './customer-api';
import { CustomerDialog } from './customer-dialog';
import { customersJa } from './customers.ja';

const t = customersJa.list;
const FILTERS: ListFilter[] = [{ kind: 'text', key: 'q', label: t.search }];

const numbersText = (c: CustomerListItem) =>
  c.numbers.map((n) => `${n.label} ${formatPhoneNumber(n.number)}`).join('、');

/** 取引先情報管理 (/cust/management/list): the tenant's customers, server-paged, 五十音順 by default. */
export function CustomersPage() {
  const domainUuid = useDomainUuid();
  const canEdit = useCan('customer.edit');
  const confirm = useConfirm();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ customer: Customer | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: customerKeys.all(domainUuid) });

  const open = async (row: CustomerListItem | null) => {
    try {
      setEditing({ customer: row ? await getCustomer(domainUuid, row.customerUuid) : null });
    } catch (error) {
      notices.failed(error);
    }
  };
  const remove = async (rows: CustomerListItem[], clear?: () => void) => {
    const [first] = rows;
    if (!first) return;
    const question =
      rows.length === 1 ? t.confirmDelete(customerName(first)) : t.confirmBulkDelete(rows.length);
    if (!(await confirm(question))) return;
    try {
      if (rows.length === 1) await deleteCustomer(first.customerUuid);
      else
        await deleteCustomers(
          domainUuid,
          rows.map((r) => r.customerUuid),
        );
      notices.deleted();
      clear?.();
      refresh();
    } catch (error) {
      notices.failed(error);
    }
  };

  const columns = useMemo<ServerColumn<CustomerListItem>[]>(
    () => [
      { key: 'company', title: t.columns.company, sortField: 'kana', width: 200, text: (c) => c.company },
      { key: 'companyKana', title: t.columns.companyKana, width: 180, text: (c) => c.companyKana },
      { key: 'person', title: t.columns.person, sortField: 'person', width: 150, text: (c) => c.person },
      {
        key: 'numbers',
        title: t.columns.numbers,
        width: 220,
        text: numbersText,
        render: (c) => (
          <Space size={4} wrap>
            {c.numbers.map((n) => (
              <Link key={n.number} to={paths.cust.record.href(n.number)}>
                {formatPhoneNumber(n.number)}
              </Link>
            ))}
          </Space>
        ),
      },
      { key: 'owner', title: t.columns.owner, width: 130, text: (c) => c.ownerName },
      {
        key: 'lastCall',
        title: t.columns.lastCall,
        width: 140,
        text: (c) => (c.lastCallAt ? dayjs(c.lastCallAt).format('YYYY/MM/DD HH:mm') : ''),
      },
      {
        key: 'openRecalls',
        title: t.columns.openRecalls,
        width: 100,
        text: (c) => (c.openRecalls > 0 ? String(c.openRecalls) : ''),
        render: (c) => (c.openRecalls > 0 ? <Tag color="orange">{c.openRecalls}</Tag> : null),
      },
      { key: 'tags', title: t.columns.tags, width: 140, text: (c) => c.tags.join('、') },
      {
        key: 'updatedAt',
        title: t.columns.updatedAt,
        sortField: 'updatedAt',
        width: 150,
        text: (c) => dayjs(c.updatedAt).format('YYYY/MM/DD HH:mm'),
      },
      ...(canEdit
        ? [
            {
              key: 'actions',
              title: t.columns.actions,
              width: 140,
              text: () => '',
              render: (c: CustomerListItem) => (
                <Space size={4}>
                  <Button size="small" onClick={() => void open(c)}>
                    {t.edit}
                  </Button>
                  <Button size="small" danger onClick={() => void remove([c])}>
                    {t.delete}
                  </Button>
                </Space>
              ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- open/remove read only stable values
    [canEdit],
  );

  return (
    <>
      <ServerListScreen<CustomerListItem>
        title={menuLabel(paths.cust.list.path) ?? ''}
        columns={columns}
        rowKey={(c) => c.customerUuid}
        queryKey={customerKeys.all(domainUuid)}
        defaultSort="kana,asc"
        filters={FILTERS}
        fetchPage={(state, signal) => getCustomerPage(domainUuid, state, signal)}
        fetchAll={(state) => getCustomerExport(domainUuid, state)}
        toolbar={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void open(null)}>
              {t.new}
            </Button>
          )
        }
        bulkActions={
          canEdit
            ? (selected, clear) => (
                <Button danger onClick={() => void remove(selected, clear)}>
                  {t.deleteSelected}
                </Button>
              )
            : undefined
        }
      />
      {editing && (
        <CustomerDialog
          customer={editing.customer}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
          onReload={async () =>
            editing.customer ? getCustomer(domainUuid, editing.customer.customerUuid) : null
          }
        />
      )}
    </>
  );
}
