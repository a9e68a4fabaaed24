// The e2e suite's local run fails on the lines watchUndeclaredQueries hands it: each one the embedded
// store logs for a query of an undeclared shape, and nothing else, until the watch stops.
import { openPgliteStore } from '@toolkit/server/local';
import { watchUndeclaredQueries } from './backend';

it('hands over the line the store logs for a query of an undeclared shape, and no other warning', async () => {
  // Under jest the store refuses such a query; here it logs it, as under the local stack.
  const store = await openPgliteStore({ undeclaredQueries: 'log' });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const lines: string[] = [];
  let warned: unknown[] = [];
  const stop = watchUndeclaredQueries((line) => lines.push(line));
  try {
    await store.query('users', { where: [['role', '==', 'owner']], orderBy: [['email', 'asc']] });
    await store.query('users', { where: [['email', '==', 'ann@example.com']] });
    console.warn('Some other warning');
    stop();
    await store.query('users', { where: [['role', '==', 'admin']], orderBy: [['email', 'desc']] });
    warned = warn.mock.calls.map(([first]) => first);
  } finally {
    stop();
    warn.mockRestore();
    await store.close();
  }
  expect(lines).toEqual([
    expect.stringMatching(/^Undeclared Firestore query: users where \[role ==\] orderBy \[email asc\]/),
  ]);
  // Every warning still reaches the console.
  expect(warned).toEqual([
    expect.stringMatching(/^Undeclared Firestore query: users where \[role ==\] orderBy \[email asc\]/),
    'Some other warning',
    expect.stringMatching(/^Undeclared Firestore query: users where \[role ==\] orderBy \[email desc\]/),
  ]);
});
