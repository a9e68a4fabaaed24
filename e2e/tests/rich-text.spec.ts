// CMS rich text is sanitised by Chromium's own HTML Sanitizer (Element.setHTML), so DOMPurify is never
// downloaded here (docs/decisions.md). Hostile HTML is put into the first slide's information text.
import { AppPage } from '../support/app-page';
import { expect, test } from '../support/stack';

const FIRST_SLIDE = '/survey/demo-publisher/quickscan/section/1/slide/1';
const HOSTILE =
  '<p>Safe <strong>bold</strong></p>' +
  '<img src=x onerror="window.__xss=1">' +
  '<a href="javascript:window.__xss=2">bad link</a>' +
  '<script>window.__xss=3</script>';

// Chromium's setHTML parses the hostile markup in the page before it removes the onerror attribute,
// and the Content-Security-Policy reports that inline handler (script-src-attr) as it is set; the
// handler never runs (checked below), and the policy would block it if it did.
test.use({ expectedCspReports: [/Executing inline event handler violates/] });

interface SetHTMLCall {
  html: string;
  threw: boolean;
}
type Probed = Window & { __xss?: unknown; __setHTMLCalls?: SetHTMLCall[] };

interface DefinitionResponse {
  data?: { survey?: { sections: { questions: { information?: string | null }[] }[] } | null };
}

test('hostile rich text from the CMS is shown sanitised by the browser, without DOMPurify', async ({
  page,
  stack,
}) => {
  // Records what reaches the browser's setHTML, which still does the work.
  await page.addInitScript(() => {
    type SetHTML = (this: Element, html: string, options?: unknown) => void;
    const proto = Element.prototype as Element & { setHTML?: SetHTML };
    const native = proto.setHTML;
    if (!native) return;
    const calls: { html: string; threw: boolean }[] = [];
    (window as Window & { __setHTMLCalls?: typeof calls }).__setHTMLCalls = calls;
    proto.setHTML = function (this: Element, html: string, options?: unknown) {
      const call = { html: String(html), threw: true };
      calls.push(call);
      native.call(this, html, options);
      call.threw = false;
    };
  });

  const purifyRequests: string[] = [];
  page.on('request', (request) => {
    if (/dompurify/i.test(request.url())) purifyRequests.push(request.url());
  });

  const content = new URL(stack.urls.content);
  let injected = false;
  await page.route(
    (url) => url.port === content.port && url.pathname === content.pathname,
    async (route) => {
      const request = route.request();
      const body = request.method() === 'POST' ? (request.postDataJSON() as { query?: string } | null) : null;
      if (!body?.query?.includes('query SurveyDefinition')) return route.fallback();
      const response = await route.fetch();
      const json = (await response.json()) as DefinitionResponse;
      const first = json.data?.survey?.sections[0]?.questions[0];
      if (first) {
        first.information = HOSTILE;
        injected = true;
      }
      await route.fulfill({ response, json });
    },
  );

  await page.goto(FIRST_SLIDE);
  await new AppPage(page).expectScreen('Before you start');
  expect(injected).toBe(true);

  const paragraph = page.getByText('Safe bold', { exact: true });
  await expect(paragraph).toBeVisible();
  await expect(paragraph.locator('strong')).toHaveText('bold');
  const rich = paragraph.locator('xpath=..');
  await expect(rich).not.toHaveAttribute('aria-busy');
  await expect(rich.locator('script')).toHaveCount(0);
  await expect(rich.locator('[onerror]')).toHaveCount(0);

  const link = rich.getByText('bad link', { exact: true });
  await expect(link).toBeVisible();
  await expect(link).not.toHaveAttribute('href', /javascript:/i);
  await link.click();

  // The broken image has failed to load: had its onerror survived, it would have run by now.
  const image = rich.locator('img');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete)).toBe(true);
  expect(await page.evaluate(() => (window as Probed).__xss)).toBeUndefined();

  const calls = await page.evaluate(() => (window as Probed).__setHTMLCalls ?? null);
  expect(calls, 'Chromium has Element.setHTML').not.toBeNull();
  expect(calls!.filter((call) => call.html === HOSTILE && !call.threw)).not.toHaveLength(0);
  expect(purifyRequests).toEqual([]);
});
