// Evidence on a result's answers, against the real Auth emulator, PGlite, the content service and
// the local evidence files: what is accepted and what refused (each in words, changing nothing),
// who may read it, what a review locks, and what a person's data download and erasure do with it.
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import {
  API,
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_PER_ANSWER_MAX,
  SERVER_ERRORS,
  type ApiResponses,
  type EvidenceItem,
  type ReviewStatus,
} from '@toolkit/domain';
import { eraseAccount } from '../account/erase-account';
import { paths } from '../../repositories/paths';
import { createReview } from '../../repositories/reviews';
import {
  completeSurvey,
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  uniqueEmail,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';
const QUESTION = 'renewable-electricity';
const OTHER_QUESTION = 'sustainability-policy';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// The eight-byte PNG signature and an IHDR chunk: enough for the content to show a PNG.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(32),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
const XML_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/steal")</script></body></html>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
const CSV = Buffer.from('month,kWh\nJanuary,1200\nFebruary,1100\n');

let env: TestEnv;
let count = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Business {
  tenantId: string;
  owner: TestAccount;
  ref: { surveyId: string; resultId: string };
}

/** A business whose owner completed the Quickscan of the demo publisher. */
async function business(): Promise<Business> {
  const tenantId = `evidence-business-${++count}`;
  const owner = await env.member(tenantId, 'owner', { email: uniqueEmail('Olivia') });
  await env.admin.updateUser(owner.uid, { displayName: 'Olivia Owner' });
  resultOf(await env.call(API.updateNames, { firstName: 'Olivia', lastName: 'Owner' }, owner.token));
  const { resultId } = await completeSurvey(
    env,
    owner,
    { tenantId: PUBLISHER, surveyId: SURVEY },
    { [QUESTION]: 'all', 'energy-tracking': 3 },
  );
  return { tenantId, owner, ref: { surveyId: SURVEY, resultId } };
}

const file = (b: Business, fileName: string, bytes: Buffer, extra: object = {}) =>
  env.call(
    API.addEvidenceFile,
    { ...b.ref, questionId: QUESTION, fileName, contentBase64: bytes.toString('base64'), ...extra },
    b.owner.token,
  );

const list = async (b: Business, token = b.owner.token) =>
  resultOf<ApiResponses[typeof API.listEvidence]>(await env.call(API.listEvidence, b.ref, token)).items;

/** The bytes a download link opens, or the status it is refused with. */
async function downloaded(url: string): Promise<Buffer | number> {
  const opened = await env.evidenceFiles.open(url.split('/').pop()!);
  return opened.ok ? opened.bytes : opened.status;
}

/** A review of the business's result by the demo publisher, in the given state. */
async function reviewed(b: Business, status: ReviewStatus, openQuestionIds: string[] = []) {
  const at = new Date().toISOString();
  await env.store.transaction(async (tx) => {
    createReview(tx, {
      reviewId: env.store.newId(),
      businessTenantId: b.tenantId,
      publisherTenantId: PUBLISHER,
      ...b.ref,
      surveyTitle: 'Sustainability Quickscan',
      organisationName: 'Business',
      publisherName: 'Demo Publisher',
      status,
      requestedAt: at,
      updatedAt: at,
      verifiedAt: status === 'verified' ? at : null,
      reviewerName: null,
      verdictNote: null,
      endedReason: null,
      selfAssessedPercent: null,
      verifiedPercent: null,
      decisions: {},
      openQuestionIds,
      comments: [],
    });
  });
}

/** Refused with `status` and `message`, leaving every document and file as it was. */
async function expectRefused(
  call: () => ReturnType<TestEnv['call']>,
  status: string,
  message: string | RegExp,
) {
  const before = await snapshotStore(env.store);
  const error = errorOf(await call());
  expect(error.status).toBe(status);
  expect(error.message).toMatch(message);
  expect(await snapshotStore(env.store)).toBe(before);
}

describe('adding a file', () => {
  it('keeps a PDF with its safe name, size, note and who added it, and downloads the same bytes', async () => {
    const b = await business();
    const { item } = resultOf<{ item: EvidenceItem }>(
      await file(b, '../../Power bill\u0007 March.pdf', PDF, { note: 'Green power plan, page 2' }),
    );
    expect(item).toMatchObject({
      questionId: QUESTION,
      kind: 'file',
      name: 'Power bill March.pdf',
      url: null,
      contentType: 'application/pdf',
      bytes: PDF.length,
      note: 'Green power plan, page 2',
      addedBy: 'Olivia Owner',
    });
    expect(await list(b)).toEqual([item]);

    const { url, expiresAt } = resultOf<ApiResponses[typeof API.getEvidenceDownload]>(
      await env.call(API.getEvidenceDownload, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token),
    );
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const bytes = await downloaded(url);
    expect(
      createHash('sha256')
        .update(bytes as Buffer)
        .digest('hex'),
    ).toBe(createHash('sha256').update(PDF).digest('hex'));
  });

  it('takes images, spreadsheets and text by their content', async () => {
    const b = await business();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Usage').addRow(['month', 'kWh']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const types = [];
    for (const [name, bytes] of [
      ['meter.png', PNG],
      ['usage.xlsx', xlsx],
      ['usage.csv', CSV],
      ['notes.txt', Buffer.from('Solar panels installed in May.\n')],
    ] as const) {
      types.push(resultOf<{ item: EvidenceItem }>(await file(b, name, bytes)).item.contentType);
    }
    expect(types).toEqual([
      'image/png',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'text/plain',
    ]);
  });

  it.each([
    ['an SVG with a script', 'drawing.svg', SVG, SERVER_ERRORS.evidenceMarkupRefused],
    [
      'an SVG with an XML declaration named .png',
      'drawing.png',
      XML_SVG,
      SERVER_ERRORS.evidenceMarkupRefused,
    ],
    ['an HTML file', 'page.html', HTML, SERVER_ERRORS.evidenceMarkupRefused],
    ['an HTML file named .txt', 'notes.txt', HTML, SERVER_ERRORS.evidenceMarkupRefused],
    ['a program', 'bill.pdf', EXE, SERVER_ERRORS.evidenceTypeRefused],
    [
      'a PNG named .pdf',
      'bill.pdf',
      PNG,
      'This file is named .pdf but its content is a PNG image. Rename it to .png, or choose the file you meant.',
    ],
    [
      'a PDF named .png',
      'meter.png',
      PDF,
      'This file is named .png but its content is a PDF. Rename it to .pdf, or choose the file you meant.',
    ],
    ['text named .xlsx', 'usage.xlsx', CSV, /named \.xlsx but its content is plain text/],
    ['a name without a type', 'bill', PDF, /Give the file a name that ends in its type/],
  ])('refuses %s in words, keeping nothing', async (_what, name, bytes, message) => {
    const b = await business();
    await expectRefused(() => file(b, name, bytes), 'INVALID_ARGUMENT', message);
    expect(await list(b)).toEqual([]);
  });

  it('refuses a file over 10 MB by its size', async () => {
    const b = await business();
    const large = Buffer.alloc(11 * 1024 * 1024, 0x20);
    large.write('%PDF-1.7\n');
    await expectRefused(
      () => file(b, 'scan.pdf', large),
      'INVALID_ARGUMENT',
      'A file may be at most 10 MB; this one is 11 MB.',
    );
    expect(EVIDENCE_FILE_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses an eleventh piece of evidence on one answer, but not on another', async () => {
    const b = await business();
    for (let i = 0; i < EVIDENCE_PER_ANSWER_MAX; i += 1) resultOf(await file(b, `bill-${i}.pdf`, PDF));
    await expectRefused(
      () => file(b, 'bill-11.pdf', PDF),
      'FAILED_PRECONDITION',
      'An answer holds at most 10 pieces of evidence. Remove one before adding another.',
    );
    await expectRefused(
      () =>
        env.call(
          API.addEvidenceLink,
          { ...b.ref, questionId: QUESTION, url: 'https://example.com' },
          b.owner.token,
        ),
      'FAILED_PRECONDITION',
      /at most 10 pieces/,
    );
    resultOf(await file(b, 'policy.pdf', PDF, { questionId: OTHER_QUESTION }));
    expect(await list(b)).toHaveLength(EVIDENCE_PER_ANSWER_MAX + 1);
  });

  it('refuses a question the survey does not have, and a result not yet completed', async () => {
    const b = await business();
    await expectRefused(
      () => file(b, 'bill.pdf', PDF, { questionId: 'no-such-question' }),
      'NOT_FOUND',
      /no question/,
    );
    const { resultId } = resultOf<{ resultId: string }>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, b.owner.token),
    );
    await expectRefused(
      () => file({ ...b, ref: { surveyId: SURVEY, resultId } }, 'bill.pdf', PDF),
      'FAILED_PRECONDITION',
      SERVER_ERRORS.evidenceNeedsCompletedResult,
    );
  });
});

describe('links and removal', () => {
  it('adds a link with a note and removes evidence with its file', async () => {
    const b = await business();
    const { item: link } = resultOf<{ item: EvidenceItem }>(
      await env.call(
        API.addEvidenceLink,
        { ...b.ref, questionId: QUESTION, url: 'https://register.example.org/cert/123', note: 'Certificate' },
        b.owner.token,
      ),
    );
    expect(link).toMatchObject({
      kind: 'link',
      name: 'https://register.example.org/cert/123',
      note: 'Certificate',
    });
    await expectRefused(
      () => env.call(API.getEvidenceDownload, { ...b.ref, evidenceId: link.evidenceId }, b.owner.token),
      'FAILED_PRECONDITION',
      SERVER_ERRORS.evidenceIsLink,
    );

    const { item } = resultOf<{ item: EvidenceItem }>(await file(b, 'bill.pdf', PDF));
    const { url } = resultOf<{ url: string }>(
      await env.call(API.getEvidenceDownload, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token),
    );
    resultOf(await env.call(API.removeEvidence, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token));
    expect((await list(b)).map((kept) => kept.evidenceId)).toEqual([link.evidenceId]);
    expect(await downloaded(url)).toBe(404);
    await expectRefused(
      () => env.call(API.removeEvidence, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token),
      'NOT_FOUND',
      SERVER_ERRORS.evidenceNotFound,
    );
  });
});

describe('the audit trail', () => {
  it('records who added and removed which evidence on which answer, and nothing for a refused one', async () => {
    const b = await business();
    const { item } = resultOf<{ item: EvidenceItem }>(await file(b, 'bill.pdf', PDF));
    await expectRefused(() => file(b, 'run.exe', EXE), 'INVALID_ARGUMENT', /./);
    resultOf(await env.call(API.removeEvidence, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token));

    const { entries } = resultOf<ApiResponses[typeof API.listActivity]>(
      await env.call(API.listActivity, { limit: 10 }, b.owner.token),
    );
    const evidence = {
      surveyTitle: 'Sustainability Quickscan',
      question: 'How much of your electricity comes from renewable sources?',
      kind: 'file',
      name: 'bill.pdf',
    };
    const trail = entries
      .filter((entry) => entry.subject.type === 'evidence')
      .map(({ kind, actor, subject, before, after }) => ({ kind, actor: actor.uid, subject, before, after }));
    expect(trail).toEqual([
      {
        kind: 'evidence.removed',
        actor: b.owner.uid,
        subject: { type: 'evidence', id: item.evidenceId, name: null },
        before: evidence,
        after: null,
      },
      {
        kind: 'evidence.added',
        actor: b.owner.uid,
        subject: { type: 'evidence', id: item.evidenceId, name: null },
        before: null,
        after: evidence,
      },
    ]);
  });
});

describe('a review of the result', () => {
  it('locks the evidence while waiting, in review and once verified; a declined review locks nothing', async () => {
    for (const [status, message] of [
      ['waiting', SERVER_ERRORS.evidenceLockedInReview],
      ['inReview', SERVER_ERRORS.evidenceLockedInReview],
      ['verified', SERVER_ERRORS.evidenceLockedVerified],
    ] as const) {
      const b = await business();
      const { item } = resultOf<{ item: EvidenceItem }>(await file(b, 'bill.pdf', PDF));
      await reviewed(b, status);
      await expectRefused(() => file(b, 'more.pdf', PDF), 'FAILED_PRECONDITION', message);
      await expectRefused(
        () => env.call(API.removeEvidence, { ...b.ref, evidenceId: item.evidenceId }, b.owner.token),
        'FAILED_PRECONDITION',
        message,
      );
    }
    const b = await business();
    await reviewed(b, 'declined');
    resultOf(await file(b, 'bill.pdf', PDF));
  });

  it('opens only the reopened questions while it needs information', async () => {
    const b = await business();
    await reviewed(b, 'needsInformation', [QUESTION]);
    resultOf(await file(b, 'bill.pdf', PDF));
    await expectRefused(
      () => file(b, 'policy.pdf', PDF, { questionId: OTHER_QUESTION }),
      'FAILED_PRECONDITION',
      SERVER_ERRORS.evidenceQuestionNotReopened,
    );
  });
});

describe('who may read it', () => {
  it("is the organisation's members, and the publisher's reviewers once asked to review", async () => {
    const b = await business();
    const { item } = resultOf<{ item: EvidenceItem }>(await file(b, 'bill.pdf', PDF));
    const colleague = await env.member(b.tenantId, 'viewer');
    expect(await list(b, colleague.token)).toEqual([item]);

    const reviewer = await env.member(PUBLISHER, 'editor');
    const publisherViewer = await env.member(PUBLISHER, 'viewer');
    const otherReviewer = await env.member('coastal-council', 'owner');
    const stranger = await env.member('evidence-stranger', 'owner');
    const download = (token: string) =>
      env.call(API.getEvidenceDownload, { ...b.ref, evidenceId: item.evidenceId }, token);

    // Before any review, the publisher reads nothing.
    await expectRefused(
      () => env.call(API.listEvidence, b.ref, reviewer.token),
      'PERMISSION_DENIED',
      SERVER_ERRORS.evidenceNotYours,
    );
    await reviewed(b, 'inReview');
    expect(await list(b, reviewer.token)).toEqual([item]);
    expect(await downloaded(resultOf<{ url: string }>(await download(reviewer.token)).url)).toEqual(PDF);
    // A reviewer reads; the organisation alone adds and removes.
    await expectRefused(
      () =>
        env.call(
          API.addEvidenceFile,
          { ...b.ref, questionId: QUESTION, fileName: 'x.pdf', contentBase64: PDF.toString('base64') },
          reviewer.token,
        ),
      'PERMISSION_DENIED',
      SERVER_ERRORS.evidenceByOrganisationOnly,
    );
    for (const outsider of [publisherViewer, otherReviewer, stranger]) {
      await expectRefused(
        () => env.call(API.listEvidence, b.ref, outsider.token),
        'PERMISSION_DENIED',
        SERVER_ERRORS.evidenceNotYours,
      );
      await expectRefused(
        () => download(outsider.token),
        'PERMISSION_DENIED',
        SERVER_ERRORS.evidenceNotYours,
      );
    }
  });
});

describe("a person's data", () => {
  it('downloads the evidence they added with links to its files, and an erased account no longer names them', async () => {
    const b = await business();
    const member = await env.member(b.tenantId, 'user', { email: uniqueEmail('Mia') });
    resultOf(await env.call(API.updateNames, { firstName: 'Mia', lastName: 'Member' }, member.token));
    const added = resultOf<{ item: EvidenceItem }>(
      await env.call(
        API.addEvidenceFile,
        {
          ...b.ref,
          questionId: QUESTION,
          fileName: 'bill.pdf',
          contentBase64: PDF.toString('base64'),
          note: 'March',
        },
        member.token,
      ),
    ).item;
    resultOf(await file(b, 'owners.pdf', PDF));

    const exported = resultOf<ApiResponses[typeof API.exportMyData]>(
      await env.call(API.exportMyData, null, member.token),
    );
    expect(exported.collections.evidence).toEqual([
      {
        path: `tenants/${b.tenantId}/evidence/${added.evidenceId}`,
        data: expect.objectContaining({
          name: 'bill.pdf',
          note: 'March',
          kind: 'file',
          download: expect.any(String),
          downloadExpiresAt: expect.any(String),
        }),
      },
    ]);
    const download = String(exported.collections.evidence[0]!.data.download);
    expect(await downloaded(download)).toEqual(PDF);

    // Erased, the member no longer names the evidence, which stays the organisation's.
    await eraseAccount(env.store, { uid: member.uid, email: member.email, tenantId: b.tenantId });
    const kept = await list(b);
    expect(kept.find((item) => item.evidenceId === added.evidenceId)?.addedBy).toBe('A former member');
    const stored = await env.store.get(paths.evidenceItem(b.tenantId, added.evidenceId));
    expect(JSON.stringify(stored.data)).not.toContain(member.uid);
  });
});
