// Inviting someone to answer a survey for the organisation: createInvite naming the survey (a team
// invite, from Users, names none). The invitee joins as a user when they accept, so the team changes.
import { api, callableMutation } from '@toolkit/data';
import { API } from '@toolkit/domain';
import { TEAM_LIST } from '../../shared/team-tags';

const assessmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    inviteToAnswer: callableMutation(build, API.createInvite, [TEAM_LIST, 'Milestones']),
  }),
});

export const { useInviteToAnswerMutation } = assessmentsApi;
