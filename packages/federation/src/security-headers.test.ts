import { createHash } from 'node:crypto';
import { apiRewrites, contentSecurityPolicy, inlineScriptHashes } from './security-headers';

const directives = (policy: string) =>
  new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

const PRODUCTION = {
  remotes: {
    survey: 'https://t-survey.web.app/mf-manifest.json',
    dashboard: 'https://t-dashboard.web.app/mf-manifest.json',
    journey: 'https://t-journey.web.app/mf-manifest.json',
    billing: 'https://t-billing.web.app/mf-manifest.json',
  },
  functionsBaseUrl: '/api',
  firebase: { authDomain: 't.firebaseapp.com' },
  contentUrl: 'https://cms.example.com/graphql',
};

it('allows scripts only from the app and its remotes, never inline or evaluated', () => {
  const policy = directives(contentSecurityPolicy(PRODUCTION));
  expect(policy.get('script-src')).toEqual([
    "'self'",
    'https://t-survey.web.app',
    'https://t-dashboard.web.app',
    'https://t-journey.web.app',
    'https://t-billing.web.app',
  ]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
});

it('allows the page’s own inline scripts by their hashes, and no other', () => {
  const early = 'document.title="early"';
  const html = `<html><head><script defer src="/main.js"></script></head><body><template><script src="/a.js"></script></template><script>${early}</script></body></html>`;
  const hashes = inlineScriptHashes(html);
  const expected = `'sha256-${createHash('sha256').update(early).digest('base64')}'`;
  expect(hashes).toEqual([expected]);
  const policy = directives(contentSecurityPolicy(PRODUCTION, { scriptHashes: hashes }));
  expect(policy.get('script-src')?.slice(0, 2)).toEqual(["'self'", expected]);
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
});

it('lets the app reach its functions, Firebase Auth and the CMS, and frame the CMS’s videos', () => {
  const policy = directives(
    contentSecurityPolicy(PRODUCTION, { assetOrigins: ['https://media.example.com/x'] }),
  );
  expect(policy.get('connect-src')).toEqual(
    expect.arrayContaining([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://cms.example.com',
      'https://media.example.com',
    ]),
  );
  expect(policy.get('frame-src')).toEqual([
    'https://cms.example.com',
    'https://media.example.com',
    'https://t.firebaseapp.com',
  ]);
});

it('names the functions’ origin only where the app does not call them on its own', () => {
  expect(directives(contentSecurityPolicy(PRODUCTION)).get('connect-src')?.[0]).toBe("'self'");
  expect(contentSecurityPolicy(PRODUCTION)).not.toContain('/api');
  const elsewhere = directives(
    contentSecurityPolicy({
      ...PRODUCTION,
      functionsBaseUrl: 'https://australia-southeast1-t.cloudfunctions.net',
    }),
  );
  expect(elsewhere.get('connect-src')).toContain('https://australia-southeast1-t.cloudfunctions.net');
});

it('lets streamed answers reach the functions’ own address where they go there', () => {
  const policy = directives(
    contentSecurityPolicy({
      ...PRODUCTION,
      functionsStreamUrl: 'https://australia-southeast1-t.cloudfunctions.net',
    }),
  );
  expect(policy.get('connect-src')?.slice(0, 2)).toEqual([
    "'self'",
    'https://australia-southeast1-t.cloudfunctions.net',
  ]);
});

it('sends /api/<name> to that callable’s function in its region, one rewrite per callable', () => {
  expect(apiRewrites(['survey-saveAnswer', 'account-getProfile'], 'australia-southeast1')).toEqual([
    {
      source: '/api/account-getProfile',
      function: { functionId: 'account-getProfile', region: 'australia-southeast1' },
    },
    {
      source: '/api/survey-saveAnswer',
      function: { functionId: 'survey-saveAnswer', region: 'australia-southeast1' },
    },
  ]);
});

it('names the Auth emulator instead of Google’s endpoints locally', () => {
  const policy = directives(
    contentSecurityPolicy({ ...PRODUCTION, authEmulatorUrl: 'http://127.0.0.1:9099' }),
  );
  expect(policy.get('connect-src')).toContain('http://127.0.0.1:9099');
  expect(policy.get('connect-src')).not.toContain('https://identitytoolkit.googleapis.com');
});

it('adds reCAPTCHA Enterprise and the App Check exchange only where App Check is configured', () => {
  expect(contentSecurityPolicy(PRODUCTION)).not.toContain('google.com');
  const policy = directives(contentSecurityPolicy({ ...PRODUCTION, appCheckSiteKey: 'site-key' }));
  expect(policy.get('script-src')).toEqual(
    expect.arrayContaining(['https://www.google.com', 'https://www.gstatic.com']),
  );
  expect(policy.get('connect-src')).toContain('https://content-firebaseappcheck.googleapis.com');
});

it('lets the app run its own offline worker, and the worker fetch the remotes’ files and the CMS', () => {
  const policy = directives(contentSecurityPolicy(PRODUCTION));
  // Workers fall back to script-src where there is no worker-src.
  expect(policy.get('worker-src') ?? policy.get('script-src')).toContain("'self'");
  // The worker is held to the policy sent with /sw.js: it fetches every remote's manifest, entry
  // and files, and the survey's definition.
  expect(policy.get('connect-src')).toEqual(
    expect.arrayContaining([
      'https://t-survey.web.app',
      'https://t-dashboard.web.app',
      'https://t-journey.web.app',
      'https://t-billing.web.app',
      'https://cms.example.com',
    ]),
  );
});
