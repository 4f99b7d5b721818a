/** A route plan as the steps 「この番号に今かけたら?」 shows (the contract words them in Japanese). */
import type { HangupReasonName, TryCallStep } from '@tsunagu/contract';
import type { RoutePlan } from '../../telephony/routing';

/** What the call does, in order, from the plan of an outside call. */
export function tryCallSteps(plan: RoutePlan): TryCallStep[] {
  switch (plan.kind) {
    case 'incoming':
      return tryCallSteps(plan.then);
    case 'transfer':
      // A business-hours or no-answer hop shows as where it leads; an extension's forward is worth saying.
      return plan.reason === 'forward'
        ? [{ kind: 'transfer', number: plan.number }, ...tryCallSteps(plan.then)]
        : tryCallSteps(plan.then);
    case 'extension':
      return [
        { kind: 'ringExtension', number: plan.target.extension, name: plan.target.name },
        ...afterNoAnswer(plan.onNoAnswer),
      ];
    case 'ringGroup':
      return [
        {
          kind: 'ringGroup',
          number: plan.number,
          name: plan.name,
          members: plan.members.map((m) => m.extension),
        },
        ...afterNoAnswer(plan.onNoAnswer),
      ];
    case 'ivr':
      return [{ kind: 'ivr', number: plan.number, name: plan.name }];
    case 'announce':
      return [{ kind: 'announce', file: plan.file }];
    case 'voicemail':
      return [{ kind: 'voicemail', email: plan.email }];
    case 'mailbox':
      return [{ kind: 'mailbox', number: plan.extension }];
    case 'outbound':
      return [{ kind: 'outbound', number: plan.number, line: plan.gateway }];
    case 'hangup':
      return [{ kind: 'hangup', reason: plan.reason satisfies HangupReasonName }];
    case 'park':
    case 'retrieve':
    case 'monitor':
    case 'pickup':
      // Feature codes an extension dials: an outside call's plan never holds them.
      return [];
  }
}

/** What follows an unanswered ring; a plain "no answer" end says nothing more. */
function afterNoAnswer(plan: RoutePlan): TryCallStep[] {
  if (plan.kind === 'hangup' && plan.reason === 'no-answer') return [];
  return [{ kind: 'noAnswer' }, ...tryCallSteps(plan)];
}
