import { ROLE_RANK, type TenantUserProfile } from '@toolkit/domain';

/** A member as the screen names them: their name, else their address. */
export function displayName(member: TenantUserProfile): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name || member.email || 'Unnamed member';
}

/** Highest role first, then by name. */
export const byRankThenName = (a: TenantUserProfile, b: TenantUserProfile) =>
  ROLE_RANK[b.role] - ROLE_RANK[a.role] || displayName(a).localeCompare(displayName(b));
