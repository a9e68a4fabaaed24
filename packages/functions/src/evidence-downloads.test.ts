// Evidence files through the local API host, as a browser meets them: a file of the largest size
// goes up through the callable, and its download link gives back the same bytes as an attachment
// that is never sniffed or rendered; an expired or forged link is refused.
import { API, EVIDENCE_FILE_MAX_BYTES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { freePort } from '@toolkit/local-services';
import { completeSurvey, startTestEnv, TEST_PROJECT_ID, type TestEnv } from '@toolkit/server/testing';
import { createCallables } from './callables';
import { startLocalHost, type LocalHost } from './local-host';

let env: TestEnv;
let host: LocalHost;

beforeAll(async () => {
  const port = await freePort();
  env = await startTestEnv({ content: true, evidenceBaseUrl: `http://127.0.0.1:${port}` });
  host = await startLocalHost({
    callables: createCallables(() => env.deps, { cors: ['http://localhost:3000'] }),
    port,
    projectId: TEST_PROJECT_ID,
    evidenceFiles: env.evidenceFiles,
  });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await env?.stop();
}, 60_000);

async function call<T>(name: string, data: unknown, token: string): Promise<T> {
  const response = await fetch(`${host.url}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: unknown };
  if (!body.result) throw new Error(`${name}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.result;
}

it('gives back the bytes uploaded, as an attachment of the type its content showed, never sniffed', async () => {
  const owner = await env.member('downloads-co', 'owner');
  const { resultId } = await completeSurvey(
    env,
    owner,
    { tenantId: 'demo-publisher', surveyId: 'quickscan' },
    { 'energy-tracking': 3 },
  );
  // The largest file the product takes, with bytes that differ along its length.
  const pdf = Buffer.alloc(EVIDENCE_FILE_MAX_BYTES);
  for (let i = 0; i < pdf.length; i += 1) pdf[i] = (i * 31) % 251;
  pdf.write('%PDF-1.7\n');
  const ref = { surveyId: 'quickscan', resultId };
  const { item } = await call<ApiResponses[typeof API.addEvidenceFile]>(
    API.addEvidenceFile,
    {
      ...ref,
      questionId: 'renewable-electricity',
      fileName: 'Énergie mars.pdf',
      contentBase64: pdf.toString('base64'),
    },
    owner.token,
  );
  const { url } = await call<ApiResponses[typeof API.getEvidenceDownload]>(
    API.getEvidenceDownload,
    { ...ref, evidenceId: item.evidenceId },
    owner.token,
  );
  expect(url.startsWith(`http://127.0.0.1:${host.port}/evidence-files/`)).toBe(true);

  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(Object.fromEntries(response.headers)).toMatchObject({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="_nergie mars.pdf"; filename*=UTF-8''%C3%89nergie%20mars.pdf`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
  });
  expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);

  // A link whose signature was changed, or one past its time, opens nothing.
  const token = url.split('/').pop()!;
  const forged = `${url.slice(0, -token.length)}${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
  const refusedForged = await fetch(forged);
  expect(refusedForged.status).toBe(403);
  expect(refusedForged.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await refusedForged.text()).toBe(SERVER_ERRORS.evidenceDownloadNotValid);

  const expired = await env.evidenceFiles.downloadUrl(
    `evidence/downloads-co/${item.evidenceId}`,
    { fileName: 'Énergie mars.pdf', contentType: 'application/pdf' },
    new Date(Date.now() - 1000),
  );
  const refusedExpired = await fetch(expired);
  expect(refusedExpired.status).toBe(410);
  expect(await refusedExpired.text()).toBe(SERVER_ERRORS.evidenceDownloadExpired);
});
