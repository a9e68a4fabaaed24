// The dashboard's sections and whom each is for (docs/behaviour.md, Publisher dashboard): a tenant
// that publishes surveys works with what its toolkits received; a business works on itself. This
// one table decides the navigation and which screens open for which kind of tenant, and which
// notifications can happen to it. Where a role does not open a screen, it is told who can.
import { ALERT_KINDS, type AlertKind } from './manage';
import { hasAccess, ROLES, type AccessRequirement, type AuthClaims, type Role } from './roles';
import { matchRoute, ROUTE_BY_ID, type RouteDefinition, type RouteId } from './routes';

export type TenantKind = 'business' | 'publisher';
export type SectionAudience = TenantKind | 'both';

export interface DashboardSection {
  readonly route: RouteId;
  readonly audience: SectionAudience;
  /** Listed in the navigation; a screen reached from another (one article, one result) is not. */
  readonly listed: boolean;
  /** The navigation's label for a kind of tenant, where it is not the route's screen name. */
  readonly labels?: Partial<Record<TenantKind, string>>;
}

/** In navigation order. */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { route: 'dashboard', audience: 'both', listed: true, labels: { publisher: 'Overview' } },
  { route: 'dashboardReceived', audience: 'publisher', listed: true },
  { route: 'dashboardReceivedResult', audience: 'publisher', listed: false },
  { route: 'dashboardReviews', audience: 'publisher', listed: true },
  { route: 'dashboardReview', audience: 'publisher', listed: false },
  { route: 'dashboardSurveyInsights', audience: 'publisher', listed: true },
  { route: 'dashboardMembers', audience: 'publisher', listed: true },
  { route: 'dashboardAssessments', audience: 'business', listed: true },
  { route: 'dashboardResults', audience: 'business', listed: true },
  { route: 'dashboardInsights', audience: 'business', listed: true },
  { route: 'dashboardActions', audience: 'business', listed: true },
  { route: 'dashboardMateriality', audience: 'business', listed: true },
  { route: 'dashboardAcademy', audience: 'business', listed: true },
  { route: 'dashboardAcademyDetail', audience: 'business', listed: false },
  { route: 'dashboardReports', audience: 'business', listed: true },
  { route: 'dashboardEvidence', audience: 'business', listed: true },
  { route: 'dashboardDeclaration', audience: 'business', listed: true },
  { route: 'dashboardExpert', audience: 'business', listed: true },
  { route: 'dashboardUsers', audience: 'both', listed: true },
  { route: 'dashboardActivity', audience: 'both', listed: true },
  { route: 'dashboardManage', audience: 'both', listed: true },
  { route: 'plans', audience: 'both', listed: true },
  { route: 'dashboardProfile', audience: 'both', listed: true },
  // Reached from the sign-in that follows "Save my results", not from this list.
  { route: 'dashboardSaveResults', audience: 'both', listed: false },
  // The journey's stages, reached from the header (offered to businesses only), not from this list.
  { route: 'journeyStep1', audience: 'business', listed: false },
  { route: 'journeyStep2', audience: 'business', listed: false },
  { route: 'journeyStep3', audience: 'business', listed: false },
  { route: 'journeyStep4', audience: 'business', listed: false },
  { route: 'journeyStep5', audience: 'business', listed: false },
];

const SECTION_BY_ROUTE = new Map(DASHBOARD_SECTIONS.map((section) => [section.route, section]));

/** A publisher publishes at least one survey of the CMS's catalogue (surveys by id). */
export function tenantKindOf(
  tenantId: string | null | undefined,
  catalogue: ReadonlyMap<string, { readonly tenantId: string }>,
): TenantKind {
  if (!tenantId) return 'business';
  for (const survey of catalogue.values()) if (survey.tenantId === tenantId) return 'publisher';
  return 'business';
}

/** Whether a route's screen is one for this kind of tenant; a route not in the table always is. */
export function opensFor(route: RouteId, kind: TenantKind): boolean {
  const audience = SECTION_BY_ROUTE.get(route)?.audience ?? 'both';
  return audience === 'both' || audience === kind;
}

/** Why a screen opened by its address is not shown to this kind of organisation, on the page it leads to. */
export function elsewhereNotice(kind: TenantKind, screen: string): string {
  return kind === 'publisher'
    ? `${screen} is a screen for businesses. Your organisation publishes surveys, so here is its overview.`
    : `${screen} is a screen for organisations that publish surveys, so here is your dashboard.`;
}

export interface NavigationEntry {
  route: RouteDefinition;
  label: string;
}

/** The sections a member of this kind of tenant sees listed: those for its kind that the role opens. */
export function navigationFor(kind: TenantKind, claims: AuthClaims | null | undefined): NavigationEntry[] {
  return DASHBOARD_SECTIONS.filter((section) => section.listed && opensFor(section.route, kind)).flatMap(
    (section) => {
      const route = ROUTE_BY_ID[section.route];
      const requires = route.meta.requires;
      if (requires && !hasAccess(claims, requires)) return [];
      return [{ route, label: section.labels?.[kind] ?? route.screen }];
    },
  );
}

/**
 * The notifications that can happen to a kind of tenant: results and expert requests reach the
 * publisher of the survey or toolkit; a new team member happens to every organisation.
 */
const ALERT_AUDIENCE: Readonly<Record<AlertKind, SectionAudience>> = {
  newResult: 'publisher',
  newTeamMember: 'both',
  expertRequest: 'publisher',
};

export function alertKindsFor(kind: TenantKind): AlertKind[] {
  return ALERT_KINDS.filter((alert) => ALERT_AUDIENCE[alert] === 'both' || ALERT_AUDIENCE[alert] === kind);
}

/** A role as a sentence names its holder. */
const HOLDER: Readonly<Record<Role, string>> = {
  owner: 'owner',
  admin: 'admin',
  billing: 'billing member',
  editor: 'editor',
  viewer: 'viewer',
  user: 'member',
};

/** The roles whose rights meet `requirement`, highest first, as a sentence names them: "an owner or admin". */
export function rolesThatOpen(requirement: AccessRequirement): string {
  const names = [...ROLES]
    .reverse()
    .filter((role) => hasAccess({ role }, requirement))
    .map((role) => HOLDER[role]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${/^[aeiou]/.test(listed) ? 'an' : 'a'} ${listed}`;
}

/**
 * Who may open the screen at `path` when these claims do not ("an owner or admin"); null when they
 * do, or the path needs no rights. A link to such a screen names them instead of bouncing back.
 */
export function whoMayOpen(path: string, claims: AuthClaims | null | undefined): string | null {
  const requires = matchRoute(path)?.route.meta.requires;
  return requires && !hasAccess(claims, requires) ? rolesThatOpen(requires) : null;
}

/** "An owner or admin can invite a team member." for a screen these claims do not open; null when they do. */
export function whoMayDo(path: string, claims: AuthClaims | null | undefined, act: string): string | null {
  const who = whoMayOpen(path, claims);
  return who && `${who.charAt(0).toUpperCase()}${who.slice(1)} can ${act}.`;
}

/** Why a screen opened by its address is not shown to these claims, on the dashboard it leads to; null when it opens. */
export function refusedNotice(route: RouteDefinition, claims: AuthClaims | null | undefined): string | null {
  const requires = route.meta.requires;
  return requires && !hasAccess(claims, requires)
    ? `Only ${rolesThatOpen(requires)} can open ${route.screen}, so here is your dashboard.`
    : null;
}
