import type { AuthBlockingEvent } from 'firebase-functions/v2/identity';
import { guardSignUp, PASSWORD_SIGN_UP_REFUSED, refusePasswordSignUp } from './sign-up-guard';

const BEFORE_CREATE = 'providers/cloud.auth/eventTypes/user.beforeCreate';

/** The event as firebase-functions parses Identity Platform's request, reduced to what the guard reads. */
const event = (signInMethod: string): Pick<AuthBlockingEvent, 'eventType'> => ({
  eventType: `${BEFORE_CREATE}:${signInMethod}`,
});

it('refuses an account a browser creates with an e-mail address and a password', () => {
  expect(() => guardSignUp(event('password'))).toThrow(
    expect.objectContaining({ code: 'permission-denied', message: PASSWORD_SIGN_UP_REFUSED }),
  );
});

it.each(['emailLink', 'anonymous'])('lets an account made by %s be created', (method) => {
  expect(() => guardSignUp(event(method))).not.toThrow();
});

it('is deployed beside the callables as the guard before each new account, in their region', () => {
  const endpoint = (refusePasswordSignUp as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
  expect(endpoint).toMatchObject({
    region: ['australia-southeast1'],
    blockingTrigger: expect.objectContaining({ eventType: BEFORE_CREATE }),
  });
});
