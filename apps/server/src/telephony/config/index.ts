export { createTenantConfigs, type TenantConfigs } from './tenant-configs';
export {
  findExtensionLogin,
  findTenantByName,
  loadTenantRows,
  type TenantName,
} from './tenant-rows.repository';
