// Every query the server issues, by shape (collection, filtered fields and operators, order), in one
// place: query-shapes.test.ts proves firestore.indexes.json serves each one by Firestore's indexing
// rules, and the store adapters refuse (under jest) or log a query whose shape is not declared here.
import {
  AUDIT_KINDS,
  REVIEW_STATUSES,
  WORKBENCH_DIRECTIONS,
  WORKBENCH_FACETS,
  WORKBENCH_SORTS,
  WORKBENCH_STATES,
  type ReceivedResultsQuery,
} from '@toolkit/domain';
import { auditPageSpec } from '../repositories/audit';
import { workbenchSpec } from '../repositories/results';
import { reviewsPageSpec } from '../repositories/reviews';
import { membersPageSpec } from '../repositories/toolkit-members';
import type { QuerySpec, WhereOp } from './port';

export interface QueryShape {
  /** The collection's id, the last segment of its path: an index's collectionGroup. */
  collection: string;
  where?: readonly (readonly [field: string, op: WhereOp])[];
  orderBy?: readonly (readonly [field: string, direction: 'asc' | 'desc'])[];
  /** Issued on the embedded store only (the local mail relay): never reaches Firestore. */
  embeddedOnly?: true;
}

/** The shape of a query of the collection at `collectionPath`: values, cursor and limit aside. */
export function shapeOf(collectionPath: string, spec: QuerySpec): QueryShape {
  return {
    collection: collectionPath.slice(collectionPath.lastIndexOf('/') + 1),
    where: (spec.where ?? []).map(([field, op]) => [field, op] as const),
    orderBy: spec.orderBy ?? [],
  };
}

/** One string per shape; filters in any order are the same shape (an index does not depend on it). */
export function shapeKey({ collection, where = [], orderBy = [] }: QueryShape): string {
  const filters = where.map(([field, op]) => `${field} ${op}`).sort();
  const order = orderBy.map(([field, direction]) => `${field} ${direction}`);
  return `${collection} where [${filters.join(', ')}] orderBy [${order.join(', ')}]`;
}

/**
 * Every workbench request the domain allows: state, sort, direction, each set of filters, range.
 * The value is a word a search looks up (a shorter one is no search term and adds no filter).
 */
export function everyWorkbenchQuery(): ReceivedResultsQuery[] {
  const filters = ['band', ...WORKBENCH_FACETS, 'search'] as const;
  const filterSets = filters.reduce<Partial<ReceivedResultsQuery>[]>(
    (sets, filter) => [...sets, ...sets.map((set) => ({ ...set, [filter]: 'energy' }))],
    [{}],
  );
  const ranges = [{}, { from: '2026-01-01' }, { to: '2026-02-01' }, { from: '2026-01-01', to: '2026-02-01' }];
  return WORKBENCH_STATES.flatMap((state) =>
    WORKBENCH_SORTS.flatMap((sort) =>
      WORKBENCH_DIRECTIONS.flatMap((direction) =>
        filterSets.flatMap((filterSet) =>
          ranges.map((range) => ({ surveyId: 's', state, sort, direction, ...filterSet, ...range })),
        ),
      ),
    ),
  );
}

const equal = (collection: string, ...fields: string[]): QueryShape => ({
  collection,
  where: fields.map((field) => [field, '=='] as const),
});
const whole = (...collections: string[]): QueryShape[] => collections.map((collection) => ({ collection }));

/** The fields erase-account looks for the person in (callables/account/erase-account.ts, NAMED_BY). */
const NAMED_BY = ['createdBy', 'updatedBy', 'completedBy', 'withdrawnBy', 'redeemedBy', 'usedBy'];

/** The workbench's family: a few thousand requests, a few hundred shapes, all of `results`. */
const workbenchShapes = (): QueryShape[] =>
  everyWorkbenchQuery().map((query) => shapeOf('results', workbenchSpec(query)));

/** Every shape, each family where its query is built. */
export function declaredQueryShapes(): QueryShape[] {
  return [
    ...otherShapes(),
    // repositories/results.ts, workbenchSpec: the results workbench
    ...workbenchShapes(),
  ];
}

function otherShapes(): QueryShape[] {
  return [
    // Whole collections: member and milestone lists, the organisation purge, the aggregate's shards.
    ...whole(
      'users',
      'milestones',
      'customActions',
      'expertRequests',
      'audit',
      'credentials',
      'surveyResults',
      'results',
      'comments',
      'shards',
      'organisations',
      'peers',
      'peerGroups',
      'members',
      'evidence',
    ),
    // repositories/users.ts, callables/admin/change-role.ts
    { collection: 'users', orderBy: [['email', 'asc']] },
    equal('users', 'email'),
    equal('users', 'role'),
    // repositories/results.ts: a member's latest result of a survey, the organisation's results
    { collection: 'surveyResults', where: [['surveyId', '==']], orderBy: [['startedAt', 'desc']] },
    equal('surveyResults', 'surveyId'),
    // repositories/results.ts: completed results in order of completion (the backfill's walk)
    { collection: 'results', where: [['isCompleted', '==']], orderBy: [['completedAt', 'asc']] },
    { collection: 'results', where: [['isCompleted', '==']], orderBy: [['completedAt', 'desc']] },
    // callables/insights/peer-snapshots.ts: the businesses of a peer group
    { collection: 'peers', where: [['groups', 'array-contains']] },
    // callables/insights/set-excluded.ts: the same organisation's other counted results
    equal('results', 'respondentTenantId', 'isCompleted', 'listing.excluded'),
    equal('results', 'listing.organisation', 'isCompleted', 'listing.excluded'),
    // repositories/comments.ts: a question's comments, newest first, optionally by a search word
    { collection: 'comments', where: [['questionId', '==']], orderBy: [['completedAt', 'desc']] },
    {
      collection: 'comments',
      where: [
        ['questionId', '=='],
        ['terms', 'array-contains'],
      ],
      orderBy: [['completedAt', 'desc']],
    },
    // repositories/audit.ts, auditPageSpec: the trail, whole or of one kind; export-my-data: the person's entries
    ...[undefined, ...AUDIT_KINDS].map((kind) => shapeOf('audit', auditPageSpec({ kind, limit: 1 }))),
    equal('audit', 'actorUid'),
    // repositories/toolkit-members.ts, membersPageSpec: a toolkit's newest members, optionally by a search word
    ...[undefined, 'green'].map((search) => shapeOf('members', membersPageSpec(search))),
    // repositories/reviews.ts: a publisher's queue (by status, by search word) and counts, a result's
    // latest review, a business's reviews (of one survey in one status)
    ...[undefined, ...REVIEW_STATUSES].flatMap((status) =>
      [undefined, 'green'].map((search) =>
        shapeOf('reviews', reviewsPageSpec('p', { status, search, limit: 1 })),
      ),
    ),
    equal('reviews', 'publisherTenantId', 'status'),
    {
      collection: 'reviews',
      where: [
        ['businessTenantId', '=='],
        ['surveyId', '=='],
        ['resultId', '=='],
      ],
      orderBy: [['requestedAt', 'desc']],
    },
    equal('reviews', 'businessTenantId'),
    equal('reviews', 'publisherTenantId'),
    equal('reviews', 'businessTenantId', 'surveyId', 'status'),
    // repositories/custom-actions.ts
    { collection: 'customActions', orderBy: [['createdAt', 'asc']] },
    // repositories/evidence.ts: a result's evidence
    equal('evidence', 'resultId'),
    // repositories/result-claims.ts
    equal('resultClaims', 'email'),
    // Invitations: the organisation's, one address's, the waiting one to an address (callables/invites, users)
    equal('survey-invites', 'tenantId'),
    equal('survey-invites', 'email'),
    equal('survey-invites', 'tenantId', 'email'),
    equal('survey-invites', 'tenantId', 'status'),
    // callables/account/erase-account.ts: whatever names the person, their mail, codes and requests
    ...['milestones', 'customActions', 'survey-invites', 'evidence'].flatMap((collection) =>
      NAMED_BY.map((field) => equal(collection, field)),
    ),
    { collection: 'mail', where: [['to', 'array-contains']] },
    equal('local-auth-links', 'email'),
    equal('expertRequests', 'requestedBy.uid'),
    // backfill/purge-organisations.ts: organisations due for purging, and what names them
    { collection: 'tenants', where: [['deletion.purgeAfter', '<=']] },
    equal('billingSandboxCustomers', 'tenantId'),
    equal('alertConfirmations', 'tenantId'),
    equal('credentialStatus', 'tenantId'),
    equal('billingSandboxSessions', 'customerId'),
    // Read by the server's tests (peer-groups, data-rights, organisation-deletion) on the handlers' store
    equal('results', 'isCompleted'),
    equal('audit', 'kind'),
    // mail/relay.ts: the local relay's pass over the outbox (the embedded store's only)
    { collection: 'mail', embeddedOnly: true },
    { collection: 'mail', where: [['delivery.state', 'in']], embeddedOnly: true },
    {
      collection: 'mail',
      where: [['delivery.state', '==']],
      orderBy: [['delivery.nextAttemptTime', 'asc']],
      embeddedOnly: true,
    },
  ];
}

/** The marker a Firestore emulator run is searched for: a query the index test does not know. */
export const UNDECLARED_QUERY = 'Undeclared Firestore query';

/** What a store does with a query whose shape is not declared. */
export type UndeclaredQueries = 'throw' | 'log' | 'allow';

/** Refused under jest, where the whole server suite runs; logged elsewhere (dev stack, emulators). */
export const DEFAULT_UNDECLARED_QUERIES: UndeclaredQueries =
  process.env.JEST_WORKER_ID === undefined ? 'log' : 'throw';

interface DeclaredKeys {
  firestore: Set<string>;
  embedded: Set<string>;
  withWorkbench: boolean;
}

let declaredKeys: DeclaredKeys | undefined;

/**
 * Whether the store's declared shapes hold `key`. Built at the first query, the workbench's family
 * at the first `results` query the others do not declare: the survey's callables, whose cold start
 * counts most, never wait for it.
 */
function isDeclared(store: 'firestore' | 'embedded', collection: string, key: string): boolean {
  const add = (keys: DeclaredKeys, shapes: QueryShape[]) => {
    for (const shape of shapes) {
      const declaredKey = shapeKey(shape);
      keys.embedded.add(declaredKey);
      if (!shape.embeddedOnly) keys.firestore.add(declaredKey);
    }
  };
  if (!declaredKeys) {
    declaredKeys = { firestore: new Set(), embedded: new Set(), withWorkbench: false };
    add(declaredKeys, otherShapes());
  }
  if (declaredKeys[store].has(key)) return true;
  if (collection !== 'results' || declaredKeys.withWorkbench) return false;
  add(declaredKeys, workbenchShapes());
  declaredKeys.withWorkbench = true;
  return declaredKeys[store].has(key);
}

/**
 * A checker for one store: throws, or logs each undeclared shape once, as `mode` says. `store`
 * names the adapter, since the relay's shapes are declared for the embedded store only.
 */
export function queryShapeCheck(
  store: 'firestore' | 'embedded',
  mode: UndeclaredQueries,
): (collectionPath: string, spec: QuerySpec) => void {
  const logged = new Set<string>();
  return (collectionPath, spec) => {
    if (mode === 'allow') return;
    const shape = shapeOf(collectionPath, spec);
    const key = shapeKey(shape);
    if (logged.has(key) || isDeclared(store, shape.collection, key)) return;
    const message = `${UNDECLARED_QUERY}: ${key} (declare it in packages/server/src/store/query-shapes.ts)`;
    if (mode === 'throw') throw new Error(message);
    logged.add(key);
    console.warn(message);
  };
}
