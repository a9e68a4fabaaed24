// account-exportMyData: everything the product holds about the caller, as stored (docs/behaviour.md,
// A person's data): their account, memberships, results with answers, and their entries in the trail.
import { API, type ApiResponses, type MyDataRecord } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { auditCollection } from '../../repositories/audit';
import { textOrNull } from '../../repositories/decode';
import { paths } from '../../repositories/paths';
import type { DocSnapshot } from '../../store/port';
import { tenantsOf } from './erase-account';

const recordsOf = (snapshots: readonly DocSnapshot[]): MyDataRecord[] =>
  snapshots.flatMap(({ path, data }) => (data ? [{ path, data }] : []));

export const exportMyData = defineHandler(API.exportMyData, {
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.exportMyData]> {
    const { store } = deps;
    const { uid } = caller;
    const tenants = await tenantsOf(store, caller);
    const [profile, memberships, surveyResults, audit] = await Promise.all([
      store.get(paths.globalUser(uid)),
      Promise.all(tenants.map((tenantId) => store.get(paths.tenantUser(tenantId, uid)))),
      Promise.all(tenants.map((tenantId) => store.query(paths.userSurveyResults(tenantId, uid)))),
      Promise.all(
        tenants.map((tenantId) =>
          store.query(auditCollection(tenantId), { where: [['actorUid', '==', uid]] }),
        ),
      ),
    ]);
    const links = surveyResults.flat();
    // The results their user survey results link to, in the survey's (publisher's) tenant.
    const results = await Promise.all(
      links.flatMap(({ data }) => {
        const tenantId = textOrNull(data?.surveyTenantId);
        const surveyId = textOrNull(data?.surveyId);
        const resultId = textOrNull(data?.resultId);
        return tenantId && surveyId && resultId
          ? [store.get(paths.result(tenantId, surveyId, resultId))]
          : [];
      }),
    );
    const newestFirst = (a: MyDataRecord, b: MyDataRecord) =>
      String(b.data.at).localeCompare(String(a.data.at));
    return {
      exportedAt: now.toISOString(),
      collections: {
        profile: recordsOf([profile]),
        memberships: recordsOf(memberships),
        results: recordsOf(results).filter((result) => result.data.userId === uid),
        surveyResults: recordsOf(links),
        audit: recordsOf(audit.flat()).sort(newestFirst),
      },
    };
  },
});
