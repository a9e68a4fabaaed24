// The apps are served with their security headers and Content-Security-Policy, as Firebase
// Hosting serves them (the rules are firebase.json's), and the policy holds in the browser: an inline
// script does not run. Every other spec fails on any violation (support/stack.ts).
import { createHash } from 'node:crypto';
import { expect, test } from '../support/stack';

test.use({ expectedCspReports: [/Executing inline script violates/] });

test('the shell sends its security headers and a policy that refuses inline scripts but its own', async ({
  page,
  request,
}) => {
  const dashboard = await request.get('/dashboard');
  const headers = dashboard.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // The one inline script (the early slide) is allowed by its hash; no other inline script is.
  const inline = /<script>([\s\S]*?)<\/script>/.exec(await dashboard.text())?.[1] ?? '';
  expect(inline.length).toBeGreaterThan(0);
  const hash = createHash('sha256').update(inline).digest('base64');
  expect(headers['content-security-policy']).toContain(
    `script-src 'self' 'sha256-${hash}' http://localhost:3101 `,
  );
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // A survey may be embedded in a publisher's site.
  const survey = await request.get('/survey/demo-publisher/quickscan');
  expect(survey.headers()['content-security-policy']).toContain("frame-ancestors 'self' https:");

  await page.goto('/');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as Window & { __inlineRan?: boolean }).__inlineRan ?? false;
  });
  expect(ran).toBe(false);
});
