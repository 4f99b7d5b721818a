import { useState, type ReactNode } from 'react';
import type { DeleteRequest } from '../pbx/usage';
import { ListScreen, type ListScreenProps } from './list-screen';

/** What the page needs of the list's query (a TanStack Query result fits). */
export interface ListScreenQuery<T> {
  data: { list: readonly T[] } | undefined;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export interface ListScreenPageProps<T> extends Omit<
  ListScreenProps<T>,
  'rows' | 'loading' | 'onRefresh' | 'onCreate' | 'onEdit' | 'onDelete'
> {
  /** The list: its rows, the loading overlay, and what Refresh refetches. */
  query: ListScreenQuery<T>;
  /** The delete mutation; it is given the row's key (`rowKey`) and whether to remove its references. */
  deletion: { mutateAsync: (request: DeleteRequest) => Promise<unknown> };
  /** The dialog for a new row (null) or for the row being edited; it calls `onClose` when done. */
  dialog: (row: T | null, onClose: () => void) => ReactNode;
}

const NONE: readonly never[] = [];

/**
 * A PBX list page: the list screen over the tenant's list, with New and Edit opening the page's dialog,
 * Delete running its delete mutation and Refresh refetching the list.
 */
export function ListScreenPage<T extends object>(props: ListScreenPageProps<T>) {
  const { query, deletion, dialog, ...screen } = props;
  // undefined: no dialog; null: a new row.
  const [editing, setEditing] = useState<T | null>();

  return (
    <>
      <ListScreen
        {...screen}
        rows={query.data?.list ?? NONE}
        loading={query.isFetching}
        onCreate={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={(row, removeReferences) =>
          deletion.mutateAsync({ id: screen.rowKey(row), removeReferences })
        }
        onRefresh={query.refetch}
      />
      {editing !== undefined && dialog(editing, () => setEditing(undefined))}
    </>
  );
}
