import type { DirectoryUser } from '../xml/directory';
import type { DirectoryEntry } from './xml-curl.repository';

/** The directory's view of an extension row, with its password opened. */
export function directoryUser(
  entry: DirectoryEntry,
  password: string,
  domainName: string,
  tenantUuid: string,
): DirectoryUser {
  return {
    extension: entry.extension,
    password,
    userContext: domainName,
    effectiveCallerIdName: entry.effectiveCallerIdName || entry.extension,
    effectiveCallerIdNumber: entry.extension,
    outboundCallerIdNumber: entry.outboundCallerIdNumber || null,
    doNotDisturb: entry.doNotDisturb,
    forwardAllDestination: entry.forwardAllDestination || null,
    callTimeoutSeconds: entry.callTimeout,
    // Call records and channel listings name the tenant through these.
    accountCode: domainName,
    variables: { domain_uuid: tenantUuid, extension_uuid: entry.extensionUuid },
  };
}
