import { notificationSubject, renderNotification, type NotificationInput } from './notification';

const HOSTILE = '<img src=x onerror=alert(1)>';

const input = (overrides: Partial<NotificationInput> = {}): NotificationInput => ({
  surveyTitle: 'Sustainability Quickscan',
  organisation: 'Green Cafe Ltd',
  respondentName: 'Ada Lovelace',
  primaryLogo: 'http://127.0.0.1:4000/assets/logo-primary.svg',
  secondaryLogo: 'https://cdn.example.com/logo-secondary.svg',
  primaryColor: '#1f5f4a',
  appUrl: 'http://localhost:3000/',
  surveyId: 'quickscan',
  resultId: 'result-7',
  score: null,
  ...overrides,
});

describe('renderNotification', () => {
  it('announces the new result with the organisation, the name and a Dashboard button', () => {
    const { subject, html } = renderNotification(input());
    expect(subject).toBe('New self-assessment result from Green Cafe Ltd');
    expect(html).toContain('Your organisation has received a new self-assessment result');
    expect(html).toContain('<strong>Green Cafe Ltd</strong>');
    expect(html).toContain('<strong>Ada Lovelace</strong>');
    // The button opens this result for the publisher's staff (escaped: & is &amp; in an attribute).
    expect(html).toMatch(
      /<a href="http:\/\/localhost:3000\/dashboard\/received\/quickscan\/result-7"[^>]*>Dashboard<\/a>/,
    );
  });

  it('shows both logos at most 60px high in a 580px container, with a footer', () => {
    const { html } = renderNotification(input());
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('src="http://127.0.0.1:4000/assets/logo-primary.svg"');
    expect(images[1]).toContain('src="https://cdn.example.com/logo-secondary.svg"');
    for (const image of images) expect(image).toContain('max-height:60px');
    expect(html).toContain('max-width:580px');
    expect(html).toMatch(/width="580"/);
    expect(html).toContain('You receive this e-mail because your address is a notification recipient');
  });

  it('escapes every value a respondent typed', () => {
    const { html } = renderNotification(input({ organisation: HOSTILE, respondentName: `"${HOSTILE}"` }));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;');
  });

  it('keeps the subject on one short line', () => {
    const subject = notificationSubject({
      organisation: `Evil Corp\r\nBcc: victim@example.com\n${'x'.repeat(200)}`,
    });
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject.startsWith('New self-assessment result from Evil Corp Bcc: victim@example.com')).toBe(
      true,
    );
    expect(subject.length).toBeLessThanOrEqual(100);
    expect(notificationSubject({ organisation: ' \n ' })).toBe('New self-assessment result');
  });

  it('uses only http(s) logo URLs and a hex colour', () => {
    const { html } = renderNotification(
      input({
        primaryLogo: 'javascript:alert(1)',
        secondaryLogo: null,
        primaryColor: 'red;background:url(x)',
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('url(x)');
  });

  it('says when the organisation or name is not given, and shows the score and band', () => {
    const { html } = renderNotification(
      input({
        organisation: null,
        respondentName: '',
        score: {
          overall: { points: 66.3, max: 100, percent: 66.3 },
          sections: [],
          band: { label: 'Making <progress>', description: null },
        },
      }),
    );
    expect(html.match(/<strong>Not given<\/strong>/g)).toHaveLength(2);
    expect(html).toContain('<strong>66.3%</strong> (Making &lt;progress&gt;)');
  });
});
