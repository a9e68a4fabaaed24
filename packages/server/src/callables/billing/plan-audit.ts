// The audit entries of plan changes: who moved the organisation from which plan and period to which.
import type { Member } from '../../api/handler';
import type { PlanState } from '../../billing/port';
import { recordAudit } from '../../repositories/audit';
import type { StoreTransaction } from '../../store/port';

export const recordPlanChange =
  (caller: Member, kind: 'plan.changed' | 'plan.cancelled', before: PlanState, after: PlanState) =>
  (tx: Pick<StoreTransaction, 'create'>) =>
    recordAudit(tx, caller.tenantId, {
      actorUid: caller.uid,
      kind,
      subject: { type: 'plan', id: caller.tenantId },
      before,
      after,
    });
