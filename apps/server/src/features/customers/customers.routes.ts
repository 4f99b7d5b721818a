import fastifyMultipart from '@fastify/multipart';
import { endpoints } from '@tsunagu/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../../platform/auth/authenticate';
import { answerWithProgress } from '../../platform/http/progress-answer';
import { createRouter, type Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createCustomersService } from './customers.service';
import { createImportService, type ImportService } from './import/import.service';
import { IMPORT_UPLOAD_LIMITS, readImportUpload } from './import/import-upload';
import { createLayoutService } from './layout.service';
import { lookUpPostalCode } from './postal';

export async function register(router: Router, deps: FeatureDeps): Promise<void> {
  const customers = createCustomersService(deps);
  const layouts = createLayoutService(deps);
  await deps.app.register(importRoutes(deps.authenticate, createImportService(deps)));
  router.route(endpoints.customerList, ({ tenantUuid, query }) => customers.page(tenantUuid, query));
  router.route(endpoints.customerExport, ({ tenantUuid, query }) => customers.export(tenantUuid, query));
  router.route(endpoints.customerByNumber, ({ tenantUuid, params }) =>
    customers.byNumber(tenantUuid, params.number),
  );
  router.route(endpoints.customerGet, ({ tenantUuid, params }) =>
    customers.get(tenantUuid, params.customerUuid),
  );
  router.route(endpoints.customerCaller, ({ tenantUuid, params }) =>
    customers.caller(tenantUuid, params.number),
  );
  router.route(endpoints.customerSave, ({ actor, tenantUuid, body }) =>
    customers.save(actor, tenantUuid, body),
  );
  router.route(endpoints.customerDelete, async ({ actor, tenantUuid, params }) => {
    await customers.remove(actor, tenantUuid, [params.customerUuid]);
    return null;
  });
  router.route(endpoints.customerBulkDelete, async ({ actor, tenantUuid, body }) => ({
    deleted: await customers.remove(actor, tenantUuid, body.customerUuids),
  }));
  router.route(endpoints.customerNote, ({ auth, tenantUuid, body }) =>
    customers.note(auth, tenantUuid, body),
  );
  router.route(endpoints.customerOwners, ({ tenantUuid }) => customers.owners(tenantUuid));
  router.route(endpoints.customerPostal, ({ params }) => lookUpPostalCode(params.code));
  router.route(endpoints.layoutGet, ({ tenantUuid }) => layouts.read(tenantUuid));
  router.route(endpoints.layoutSave, ({ actor, tenantUuid, body }) =>
    layouts.save(actor, tenantUuid, body.version, body.layout),
  );
}

/** The import routes in a scope of their own: only they parse multipart bodies, within the limits. */
function importRoutes(authenticate: Authenticator, service: ImportService): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(fastifyMultipart, IMPORT_UPLOAD_LIMITS);
    const router = createRouter(scope, authenticate);
    router.route(endpoints.customerImportPreview, async ({ auth, request }) =>
      service.preview(auth, await readImportUpload(request)),
    );
    router.route(endpoints.customerImportCommit, async ({ actor, request, reply }) => {
      const upload = await readImportUpload(request);
      return answerWithProgress(request, reply, (report) => service.commit(actor, upload, report));
    });
  };
}
