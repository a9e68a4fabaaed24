// What differs in the deploy artifact's functions from the local API host, shown through the API as
// the app calls it rather than by whole journeys: what the Firebase CLI hands them (the credential
// signing key from a secret, the billing provider from a parameter) and the parts bundled into chunks
// of their own (exceljs, loaded by the results export alone). Run by playwright.firebase.config.ts only.
import ExcelJS from 'exceljs';
import { API, planOfSubscriptions, type ApiResponses } from '@toolkit/domain';
import { callApi, createOwner, emulator, SIGNUP_DETAILS } from '../support/auth';
import { E2E_API_URL, expect, test } from '../support/stack';

type Response<Name extends keyof ApiResponses> = ApiResponses[Name];

test('a declaration credential signed with the secret key checks out on its public page until revoked', async ({
  page,
}) => {
  const owner = await createOwner();
  const { declaration } = await callApi<Response<typeof API.getDeclaration>>(
    API.getDeclaration,
    {},
    owner.idToken,
  );
  expect(declaration, "the owner's toolkit has a declaration").not.toBeNull();
  const { credential } = await callApi<Response<typeof API.signDeclaration>>(
    API.signDeclaration,
    { surveyId: declaration!.surveyId },
    owner.idToken,
  );
  expect(credential).toMatchObject({ organisation: SIGNUP_DETAILS.organisationName, revokedAt: null });

  // The public keys hold the one the credential names: the secret's, which nothing else provides.
  const { kid } = JSON.parse(Buffer.from(credential!.token.split('.')[0]!, 'base64url').toString()) as {
    kid: string;
  };
  const { keys } = await callApi<Response<typeof API.getCredentialKeys>>(API.getCredentialKeys, {});
  expect(keys.map((key) => key.kid)).toEqual([kid]);

  // Anyone's check, as the link opens it: the keys and the status from the functions, not signed in.
  await page.goto(credential!.url);
  await expect(page.getByText('Genuine and valid')).toBeVisible();
  await expect(page.getByLabel('What the credential states')).toContainText(SIGNUP_DETAILS.organisationName);

  await callApi(API.revokeCredential, { credentialId: credential!.id }, owner.idToken);
  await expect(
    callApi<Response<typeof API.getCredentialStatus>>(API.getCredentialStatus, {
      credentialId: credential!.id,
    }),
  ).resolves.toMatchObject({ status: 'revoked' });
  await page.goto('about:blank');
  await page.goto(credential!.url);
  await expect(page.getByText('Revoked', { exact: true })).toBeVisible();
});

test('the billing provider parameter picks the sandbox, whose paid checkout puts the organisation on Growth', async () => {
  const owner = await createOwner();
  await owner.upgrade();
  const { subscriptions } = await callApi<Response<typeof API.getSubscriptionDetails>>(
    API.getSubscriptionDetails,
    {},
    owner.idToken,
  );
  // Read as the app reads it.
  expect(planOfSubscriptions(subscriptions)).toBe('Growth');
});

test('the results export streams an Excel workbook from the chunk that bundles exceljs', async ({
  stack,
}) => {
  const publisher = stack.publishers.find((each) => each.toolkit === 'quickscan')!;
  const { idToken } = await emulator.signInWithEmailLink(publisher.ownerEmail);
  // As the app asks for it: streamed, one event per part, then the answer.
  const response = await fetch(`${E2E_API_URL}/${API.exportReceivedResults}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      Authorization: `Bearer ${idToken}`,
    },
    body: JSON.stringify({ data: { surveyId: 'quickscan', format: 'xlsx' } }),
  });
  expect(response.status).toBe(200);
  const events = (await response.text())
    .split('\n\n')
    .map((event) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n'),
    )
    .filter((payload) => payload !== '')
    .map(
      (payload) => JSON.parse(payload) as { message?: { xlsx?: string }; result?: unknown; error?: unknown },
    );
  expect(events.find((event) => event.error)).toBeUndefined();
  expect(events.at(-1)).toHaveProperty('result');
  const parts = events.flatMap((event) =>
    event.message?.xlsx ? [Buffer.from(event.message.xlsx, 'base64')] : [],
  );

  const workbook = new ExcelJS.Workbook();
  // exceljs reads an ArrayBuffer: the parts' bytes, copied into one.
  await workbook.xlsx.load(new Uint8Array(Buffer.concat(parts)).buffer);
  const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['Organisation', 'Respondent name', 'Overall %']));
});
