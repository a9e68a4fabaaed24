import {
  CALLABLE_CODE_BY_STATUS,
  CALLABLE_ERROR_CODES,
  CALLABLE_TIMEOUT_MS,
  FUNCTIONS_REGION,
  HTTP_STATUS_BY_CODE,
  MESSAGES,
  codeForHttpStatus,
  contentServiceFailure,
  isCallableErrorCode,
  type CallableErrorCode,
} from './errors';

describe('messages are word for word', () => {
  test.each<[keyof typeof MESSAGES, string]>([
    ['tenantNotFound', 'Tenant not found'],
    ['setUserRoleFailed', 'Error setting user role'],
    ['getUserRoleFailed', 'Error getting user role'],
    ['getAvailableRolesFailed', 'Error getting available roles'],
    ['removeUserRoleFailed', 'Error removing user role'],
    ['noUserLoggedIn', 'No user logged in'],
    ['entitlementsFetchFailed', 'Failed to fetch entitlements'],
    ['missingJourneyStateIds', 'Missing tenantId, surveyId, or surveyResultId in state.'],
    ['missingJourneyIds', 'Missing tenantId, surveyId, surveyResultId, or inviteId.'],
    ['userNotAuthenticated', 'User not authenticated'],
    ['responseNotJsonObject', 'Response is not valid JSON object.'],
    ['responseMissingData', 'Response is missing data field.'],
  ])('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  test('content service failure names the service', () => {
    expect(contentServiceFailure('Contentful')).toBe('Could not receive the data from Contentful!');
  });
});

describe('codeForHttpStatus', () => {
  test.each<[number, CallableErrorCode]>([
    [200, 'ok'],
    [204, 'ok'],
    [299, 'ok'],
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [300, 'unknown'],
    [302, 'unknown'],
    [418, 'unknown'],
    [502, 'unknown'],
    [0, 'unknown'],
  ])('%i -> %s', (status, code) => {
    expect(codeForHttpStatus(status)).toBe(code);
  });
});

describe('HTTP_STATUS_BY_CODE (server side)', () => {
  test.each<[CallableErrorCode, number]>([
    ['ok', 200],
    ['failed-precondition', 400],
    ['out-of-range', 400],
    ['already-exists', 409],
    ['data-loss', 500],
    ['unknown', 500],
    ['unauthenticated', 401],
  ])('%s -> %i', (code, status) => {
    expect(HTTP_STATUS_BY_CODE[code]).toBe(status);
  });

  test('is the inverse of the client table for every status the client knows', () => {
    for (const [status, code] of Object.entries(CALLABLE_CODE_BY_STATUS)) {
      expect(HTTP_STATUS_BY_CODE[code]).toBe(Number(status));
    }
  });

  test('covers all 17 codes', () => {
    expect(CALLABLE_ERROR_CODES).toHaveLength(17);
  });

  test.each<[unknown, boolean]>([
    ['not-found', true],
    ['NOT_FOUND', false],
    ['toString', false],
    [404, false],
  ])('isCallableErrorCode(%j) -> %s', (value, expected) => {
    expect(isCallableErrorCode(value)).toBe(expected);
  });
});

test('callable defaults', () => {
  expect([CALLABLE_TIMEOUT_MS, FUNCTIONS_REGION]).toEqual([70000, 'australia-southeast1']);
});
