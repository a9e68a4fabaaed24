// Who may call a callable, as its declaration (./callables) says it in one word. The server's router
// enforces it (packages/server api/router.ts and api/permissions.ts, which holds what each
// permission asks of a member and how a member without it is refused).

/**
 * public: anyone, token optional · signedIn: any verified token, anonymous included ·
 * account: a verified non-anonymous user · member: an account belonging to a tenant.
 */
export type AccessLevel = 'public' | 'signedIn' | 'account' | 'member';

/** What a members' callable may ask beyond membership, named in its access (`member:<permission>`). */
export const CALLABLE_PERMISSIONS = [
  'manageUsers',
  'assignRoles',
  'manageSettings',
  'manageBilling',
  'viewInsights',
  'editInsights',
  'editMateriality',
  'excludeResults',
  'manageAlerts',
  'signDeclaration',
  'reviewResults',
  'askReview',
] as const;

export type CallablePermission = (typeof CALLABLE_PERMISSIONS)[number];

/**
 * Who may call a callable: an access level, or `member:<permission>` for a member who must also
 * hold that permission. Only members hold permissions, so no other level takes one.
 */
export type Access = AccessLevel | `member:${CallablePermission}`;
