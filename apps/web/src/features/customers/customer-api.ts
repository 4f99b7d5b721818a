import { endpoints } from '@tsunagu/contract/api';
import type { Customer, CustomerListItem, CustomerQuery, CustomerSave } from '@tsunagu/contract/crm/customer';
import { customerKeys } from '../../shared/customers/customer-queries';
import type { Page } from '@tsunagu/contract/paging';
import { queryOptions } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredQuery } from '../../shared/api/page-anchors';
import type { ListState } from '../../shared/ui/list-url-state';

/** The customer list's query of a list state. */
export function customerQuery(state: ListState): CustomerQuery {
  const { q } = state.filters;
  return { page: state.page, size: state.size, sort: state.sort, ...(q ? { q } : {}) };
}

export function getCustomerPage(
  domainUuid: string,
  state: ListState,
  signal?: AbortSignal,
): Promise<Page<CustomerListItem>> {
  return fetchAnchoredQuery(`customers:${domainUuid}`, state.page, customerQuery(state), (query) =>
    fetchData(endpoints.customerList, { params: { domainUuid }, query, signal }),
  );
}

export function getCustomerExport(domainUuid: string, state: ListState): Promise<CustomerListItem[]> {
  return fetchData(endpoints.customerExport, { params: { domainUuid }, query: customerQuery(state) });
}

export { customerByNumberQuery, customerKeys, layoutQuery } from '../../shared/customers/customer-queries';

export const ownersQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: customerKeys.owners(domainUuid),
    queryFn: ({ signal }) => fetchData(endpoints.customerOwners, { params: { domainUuid }, signal }),
    staleTime: 60_000,
  });

export function getCustomer(domainUuid: string, customerUuid: string): Promise<Customer> {
  return fetchData(endpoints.customerGet, { params: { domainUuid, customerUuid } });
}

export function saveCustomer(body: CustomerSave): Promise<Customer> {
  return fetchData(endpoints.customerSave, { body });
}

export function deleteCustomer(customerUuid: string): Promise<null> {
  return fetchData(endpoints.customerDelete, { params: { customerUuid } });
}

export function deleteCustomers(domainUuid: string, customerUuids: string[]): Promise<{ deleted: number }> {
  return fetchData(endpoints.customerBulkDelete, { body: { domainUuid, customerUuids } });
}

export function lookUpPostalCode(code: string) {
  return fetchData(endpoints.customerPostal, { params: { code } });
}
