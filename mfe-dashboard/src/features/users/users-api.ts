// The team as the caller may manage it, and the changes to it: each invalidates the team's list
// (TEAM_LIST), a role change also the ownership offer it withdraws, and an invite is also the
// journey's invite-team milestone (tag Milestones). Survey invites
// (Assessments) use the same createInvite with a survey named.
import { api, call, callableMutation, callThrough, servicesOf, toQueryError } from '@toolkit/data';
import {
  API,
  type ApiRequest,
  type ApiResponses,
  type PendingInvite,
  type Role,
  type TenantUserProfile,
} from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { OWNERSHIP_OFFER, TEAM_LIST } from '../../shared/team-tags';
import { byRankThenName } from './members';

export interface Team {
  /** Highest role first, then by name. */
  users: TenantUserProfile[];
  /** Invites not accepted yet. */
  invites: PendingInvite[];
  /** The roles the server offers the caller: it knows their exact rights and plan. */
  availableRoles: Role[];
  /** The caller's role as the server has it. */
  userRole: Role;
}

const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    team: build.query<Team, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const [list, roles] = await Promise.all([
          callThrough(baseQuery, call(API.listTenantUsers, null)),
          callThrough(baseQuery, call(API.getAvailableRoles, null)),
        ]);
        if (list.error) return { error: list.error };
        if (roles.error) return { error: roles.error };
        const { users, invites } = list.data;
        const { availableRoles, userRole } = roles.data;
        return { data: { users: [...users].sort(byRankThenName), invites, availableRoles, userRole } };
      },
      providesTags: [TEAM_LIST],
    }),
  }),
});

/**
 * A member's role as the server has just set it, written into the team at once: the row shows it
 * with its "Saved" (the team read again then confirms it).
 */
const showRole = (uid: string, role: Role) =>
  teamApi.util.updateQueryData('team', undefined, (team) => {
    const member = team.users.find((user) => user.uid === uid);
    if (member) member.role = role;
  });

const usersApi = teamApi.injectEndpoints({
  endpoints: (build) => ({
    setUserRole: build.mutation<ApiResponses[typeof API.setUserRole], ApiRequest<typeof API.setUserRole>>({
      async queryFn(request, { dispatch }, _extra, baseQuery) {
        const { data, error } = await callThrough(baseQuery, call(API.setUserRole, request));
        if (error) return { error };
        dispatch(showRole(request.uid, request.role));
        return { data };
      },
      // A member's new role withdraws an ownership offer made to them.
      invalidatesTags: [TEAM_LIST, OWNERSHIP_OFFER],
    }),
    removeUserRole: build.mutation<
      ApiResponses[typeof API.removeUserRole],
      ApiRequest<typeof API.removeUserRole>
    >({
      async queryFn(request, { dispatch }, _extra, baseQuery) {
        const { data: answer, error } = await callThrough(baseQuery, call(API.removeUserRole, request));
        if (error) return { error };
        dispatch(showRole(request.uid, answer.newRole));
        return { data: answer };
      },
      // The team's size is one of the journey's milestones; an offer to the member is withdrawn.
      invalidatesTags: [TEAM_LIST, OWNERSHIP_OFFER, 'Milestones'],
    }),
    /**
     * Fresh claims from the identity provider (the shell's services, the store's extra), after the
     * server refused for lack of rights: the shell's guard then applies the caller's rights as they are.
     */
    refreshClaims: build.mutation<null, void>({
      async queryFn(_arg, { extra }) {
        try {
          await (servicesOf(extra) as unknown as Pick<AppServices, 'refreshClaims'>).refreshClaims();
          return { data: null };
        } catch (error) {
          return { error: toQueryError(error) };
        }
      },
    }),
    createInvite: callableMutation(build, API.createInvite, [TEAM_LIST, 'Milestones']),
    resendInvite: callableMutation(build, API.resendInvite, [TEAM_LIST]),
    withdrawInvite: callableMutation(build, API.withdrawInvite, [TEAM_LIST]),
  }),
});

export const {
  useTeamQuery,
  useSetUserRoleMutation,
  useRemoveUserRoleMutation,
  useRefreshClaimsMutation,
  useCreateInviteMutation,
  useResendInviteMutation,
  useWithdrawInviteMutation,
} = usersApi;
