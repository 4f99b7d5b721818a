export { createTenantConfigs, type TenantConfigs } from './tenant-configs';
export {
  findExtensionLogin,
  findTenantByName,
  findTenantName,
  loadTenantRows,
  type TenantName,
} from './tenant-rows.repository';
