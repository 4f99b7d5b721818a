import { asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, extensions } from '../../platform/db/schema';

/** The tenant's extensions in number order; the sealed password is never selected here. */
export function listExtensions(conn: Conn, domainUuid: string) {
  return conn
    .select({
      extensionUuid: extensions.extensionUuid,
      extension: extensions.extension,
      userContext: domains.domainName,
      effectiveCallerIdName: extensions.effectiveCallerIdName,
      outboundCallerIdNumber: extensions.outboundCallerIdNumber,
      enabled: extensions.enabled,
      doNotDisturb: extensions.doNotDisturb,
      forwardAllDestination: extensions.forwardAllDestination,
    })
    .from(extensions)
    .innerJoin(domains, eq(domains.domainUuid, extensions.domainUuid))
    .where(eq(extensions.domainUuid, domainUuid))
    .orderBy(sql`length(${extensions.extension})`, asc(extensions.extension));
}
