/**
 * 「この番号に今かけたら?」: the routing model's answer for an outside call to one of the tenant's incoming
 * numbers (or straight to one of its schedules) at a local date and time in the tenant's zone.
 */
import {
  dialString,
  holidayNameOn,
  isAnti,
  localMoment,
  type TryCallQuery,
  type TryCallResult,
} from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { loadTenantRows } from '../../telephony/config/tenant-rows.repository';
import { buildTenantConfig, route } from '../../telephony/routing';
import { tryCallSteps } from './try-call-steps';

/** Someone outside (no caller number matters to business hours). */
const OUTSIDE_CALLER = '';

export async function tryCall(db: Db, tenantUuid: string, query: TryCallQuery): Promise<TryCallResult> {
  const rows = await loadTenantRows(db, tenantUuid);
  if (!rows) throw new Refusal('not-found', 'tryCallTargetNotFound');
  const config = buildTenantConfig(rows);
  // The query schema has checked the date and time.
  const { instant, day } = localMoment(query.date, query.time, config.timeZone) ?? { instant: 0, day: 0 };

  const number = dialString(query.destinationNumber ?? '');
  const schedule = query.dialplanUuid
    ? rows.schedules.find((s) => s.dialplanUuid === query.dialplanUuid)
    : rows.schedules.find((s) => s.dialplanNumber === config.destinations.get(number)?.dialplanNumber);
  if (query.dialplanUuid ? !schedule : !config.destinations.has(number)) {
    throw new Refusal('not-found', 'tryCallTargetNotFound');
  }
  const plan = query.dialplanUuid
    ? route(config, {
        dialled: schedule?.dialplanNumber ?? '',
        caller: OUTSIDE_CALLER,
        instant,
        context: 'schedule',
      })
    : route(config, { dialled: number, caller: OUTSIDE_CALLER, instant, context: 'public' });

  const condition =
    plan.kind === 'incoming'
      ? schedule?.timeconditions.find(
          (c) => c.timeConditionOrder === plan.conditionOrder && c.timeConditionType === plan.conditionType,
        )
      : undefined;
  return {
    at: new Date(instant).toISOString(),
    timeZone: config.timeZone,
    dialplanName: schedule?.dialplanName ?? null,
    rule:
      plan.kind === 'incoming'
        ? {
            name: plan.conditionName,
            type: plan.conditionType,
            order: plan.conditionType === 'anti' ? null : plan.conditionOrder,
            actionType: plan.actionType,
            holiday: condition && !isAnti(condition) ? holidayNameOn(condition, day) : null,
          }
        : null,
    steps: tryCallSteps(plan),
  };
}
