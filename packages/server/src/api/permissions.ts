// The permissions a handler's access can name (`member:<permission>`), each with what it asks of the
// member and what a member without it is told. The router checks the named one once the member's
// stored role is resolved and the request is valid, before the handler runs. Checks that depend on the
// request's data (whose tenant, whose survey, the role rule) stay in the handlers (callables/access.ts).
import {
  canSignDeclaration,
  CALLABLE_PERMISSIONS,
  REVIEW_ERRORS,
  SERVER_ERRORS,
  type Access,
  type AccessLevel,
  type CallablePermission,
  type Permission,
} from '@toolkit/domain';
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
  /** What a publisher's figures count: a viewer reads them, never changes them. */
  excludeResults: holding('excludeResults', SERVER_ERRORS.excludeResultsRequired),
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
  /** A publisher's review of the results businesses ask it to verify. */
  reviewResults: holding('reviewResults', REVIEW_ERRORS.reviewResultsRequired),
  /** Asking for verification speaks for the organisation, as the declaration does. */
  askReview: {
    holds: (member) => canSignDeclaration(member.role),
    refusal: REVIEW_ERRORS.ownerOrAdminAsks,
  },
} satisfies Record<CallablePermission, Rule>;

/** What a members' handler may ask beyond membership, named in its access (the domain's list, each with a rule here). */
export type HandlerPermission = CallablePermission;

export const HANDLER_PERMISSIONS: readonly HandlerPermission[] = CALLABLE_PERMISSIONS;

/** An access declaration's level, and the permission it names on top (null: the level is all). */
export function accessParts(access: Access): { level: AccessLevel; permission: HandlerPermission | null } {
  const [level, permission] = access.split(':') as [AccessLevel, HandlerPermission | undefined];
  return { level, permission: permission ?? null };
}

export const holdsPermission = (member: Member, permission: HandlerPermission): boolean =>
  RULES[permission].holds(member);

export function requirePermission(member: Member, permission: HandlerPermission): void {
  const rule = RULES[permission];
  if (!rule.holds(member)) throw permissionDenied(rule.refusal);
}
