// Which roles the screen offers: those the server offers the caller, narrowed by the rule the
// server itself applies to the operation and the member.
import { allowedRoles, permissionsFor, type Role, type RoleChange } from '@toolkit/domain';
import type { Team } from './users-api';

export const ROLE_LABEL: Record<Role, string> = {
  user: 'User (no dashboard rights)',
  viewer: 'Viewer',
  editor: 'Editor',
  billing: 'Billing',
  admin: 'Admin',
  owner: 'Owner',
};

/** Who is acting and how many owners there are: what the role rule needs besides the member and role. */
export type Setting = Pick<RoleChange, 'actor' | 'owners'>;

/** The caller's setting in `team`, with the server's role for them rather than the token's. */
export function settingOf(team: Team, uid: string): Setting {
  return {
    actor: { uid, role: team.userRole, permissions: permissionsFor({ role: team.userRole }) },
    owners: team.users.filter((member) => member.role === 'owner').length,
  };
}

/** The roles of `available` that the role rule allows for this operation on this member. */
export function rolesFor(
  setting: Setting,
  available: readonly Role[],
  operation: RoleChange['operation'],
  target: RoleChange['target'],
): Role[] {
  return allowedRoles({ ...setting, operation, target }).filter((role) => available.includes(role));
}
