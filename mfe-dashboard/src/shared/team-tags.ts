// What the team's reads show, as tags with ids: an invite changes the list of members and invites,
// not the ownership offer, so it asks again only the list.
/** The members, their roles and the invites not accepted yet (Users' list). */
export const TEAM_LIST = { type: 'Team', id: 'list' } as const;

/** The standing ownership offer. */
export const OWNERSHIP_OFFER = { type: 'Team', id: 'offer' } as const;
