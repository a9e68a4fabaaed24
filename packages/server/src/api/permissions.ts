// The permissions a handler can declare (Handler.permission), each with what it asks of the member
// and what a member without it is told. The router checks the declared one once the member's stored
// role is resolved and the request is valid, before the handler runs. Checks that depend on the
// request's data (whose tenant, whose survey, the role rule) stay in the handlers (callables/access.ts).
import { canSignDeclaration, SERVER_ERRORS, type Permission } from '@toolkit/domain';
import { permissionDenied } from './errors';
import type { Member } from './handler';

interface Rule {
  holds: (member: Member) => boolean;
  refusal: string;
}

/** One of the domain's permissions (roles.ts, ROLE_PERMISSIONS), as resolved with the member's overrides. */
const holding = (permission: Permission, refusal: string): Rule => ({
  holds: (member) => member.permissions[permission],
  refusal,
});

const RULES = {
  manageUsers: holding('manageUsers', SERVER_ERRORS.manageUsersRequired),
  assignRoles: holding('assignRoles', SERVER_ERRORS.assignRolesRequired),
  manageSettings: holding('manageSettings', SERVER_ERRORS.manageSettingsRequired),
  manageBilling: holding('manageBilling', SERVER_ERRORS.manageBillingRequired),
  viewInsights: holding('viewInsights', SERVER_ERRORS.viewInsightsRequired),
  /** The action plan and the organisation's own actions. */
  editInsights: holding('editInsights', SERVER_ERRORS.editPlanRequired),
  /** editInsights again, refused in the materiality assessment's words. */
  editMateriality: holding('editInsights', SERVER_ERRORS.editMaterialityRequired),
  /** Alerts are run by those who run the settings or act on the insights. */
  manageAlerts: {
    holds: (member) => member.permissions.manageSettings || member.permissions.editInsights,
    refusal: SERVER_ERRORS.manageAlertsRequired,
  },
  /** The declaration speaks for the organisation: an owner or admin by role, whatever the overrides. */
  signDeclaration: {
    holds: (member) => canSignDeclaration(member.role),
    refusal: SERVER_ERRORS.signDeclarationRequired,
  },
} satisfies Record<string, Rule>;

/** What a handler asks beyond its access level; 'none': the access level is all. */
export type HandlerPermission = keyof typeof RULES | 'none';

export const HANDLER_PERMISSIONS = ['none', ...(Object.keys(RULES) as (keyof typeof RULES)[])] as const;

export const holdsPermission = (member: Member, permission: HandlerPermission): boolean =>
  permission === 'none' || RULES[permission].holds(member);

export function requirePermission(member: Member, permission: HandlerPermission): void {
  if (permission === 'none') return;
  const rule = RULES[permission];
  if (!rule.holds(member)) throw permissionDenied(rule.refusal);
}
