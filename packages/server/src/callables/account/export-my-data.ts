// account-exportMyData: everything the product holds about the caller, as stored (docs/behaviour.md,
// A person's data): their account, memberships, results with answers, their entries in the trail,
// the evidence they added, each file with a link that downloads it for EVIDENCE_EXPORT_LINK_DAYS, and
// their organisations' reviews with the comment threads.
import { API, EVIDENCE_EXPORT_LINK_DAYS, type ApiResponses, type MyDataRecord } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { auditCollection } from '../../repositories/audit';
import { textOrNull } from '../../repositories/decode';
import { evidenceOf, listOrganisationEvidence } from '../../repositories/evidence';
import { paths } from '../../repositories/paths';
import { listBusinessReviews } from '../../repositories/reviews';
import type { DocSnapshot } from '../../store/port';
import { tenantsOf } from './erase-account';

const recordsOf = (snapshots: readonly DocSnapshot[]): MyDataRecord[] =>
  snapshots.flatMap(({ path, data }) => (data ? [{ path, data }] : []));

export const exportMyData = defineHandler(API.exportMyData, {
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.exportMyData]> {
    const { store } = deps;
    const { uid } = caller;
    const tenants = await tenantsOf(store, caller);
    const [profile, memberships, surveyResults, audit, evidence, reviews] = await Promise.all([
      store.get(paths.globalUser(uid)),
      Promise.all(tenants.map((tenantId) => store.get(paths.tenantUser(tenantId, uid)))),
      Promise.all(tenants.map((tenantId) => store.query(paths.userSurveyResults(tenantId, uid)))),
      Promise.all(
        tenants.map((tenantId) =>
          store.query(auditCollection(tenantId), { where: [['actorUid', '==', uid]] }),
        ),
      ),
      Promise.all(tenants.map((tenantId) => listOrganisationEvidence(store, tenantId, uid))),
      Promise.all(tenants.map((tenantId) => listBusinessReviews(store, tenantId))),
    ]);
    // The files themselves as links: kept in the download, they could make it larger than any answer carries.
    const linksExpire = new Date(now.getTime() + EVIDENCE_EXPORT_LINK_DAYS * 24 * 3_600_000);
    const evidenceRecords = await Promise.all(
      recordsOf(evidence.flat()).map(async (record) => {
        const { fileKey, ...item } = evidenceOf({ id: record.path.split('/').pop()!, data: record.data });
        const download =
          fileKey && item.contentType
            ? await deps.evidenceFiles.downloadUrl(
                fileKey,
                { fileName: item.name, contentType: item.contentType },
                linksExpire,
              )
            : null;
        return {
          path: record.path,
          data: { ...item, download, downloadExpiresAt: download && linksExpire.toISOString() },
        };
      }),
    );
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
        evidence: evidenceRecords,
        // The organisation's reviews with their threads, which carry the person's comments.
        // Without the uids of who wrote and decided: the thread names them as the screens do.
        reviews: reviews.flat().map(({ reviewId, reviewerUid: _reviewer, comments, ...review }) => ({
          path: paths.review(reviewId),
          data: { ...review, comments: comments.map(({ authorUid: _author, ...comment }) => comment) },
        })),
      },
    };
  },
});
