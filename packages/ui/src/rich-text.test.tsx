import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { defaultTheme } from './theme';
import { RichHtml, RichText } from './rich-text';

// jsdom has no Element.setHTML, so these tests take the DOMPurify path unless a test defines it.
let mockPurifyUnavailable = false;
jest.mock('dompurify', () => {
  if (mockPurifyUnavailable) throw new Error('Loading chunk dompurify failed.');
  return jest.requireActual('dompurify');
});

const HOSTILE =
  '<p>Safe <strong>bold</strong></p>' +
  '<img src="x" onerror="window.hacked=1">' +
  '<a href="javascript:window.hacked=2">bad link</a>' +
  '<a href=" JaVaScRiPt:window.hacked=3">spaced link</a>' +
  '<div onclick="window.hacked=4">clickable</div>' +
  '<script>window.hacked=5</script>';

function renderHtml(html: string) {
  return render(
    <ThemeProvider theme={defaultTheme}>
      <RichHtml html={html} id="rich" />
    </ThemeProvider>,
  );
}

/** Renders the HTML and returns its container once the sanitised content is in. */
async function sanitised(html: string, firstText: string) {
  renderHtml(html);
  await screen.findByText(firstText);
  return document.getElementById('rich')!;
}

interface SanitizerConfig {
  elements: string[];
  attributes: string[];
  comments: boolean;
  dataAttributes: boolean;
}

type SetHTMLArgs = [html: string, options: { sanitizer: SanitizerConfig }];
type SetHTMLMock = jest.Mock<void, SetHTMLArgs, HTMLElement>;
const mockSetHTML = (implementation?: (this: HTMLElement) => void): SetHTMLMock =>
  jest.fn<void, SetHTMLArgs, HTMLElement>(implementation);

/** Gives jsdom a setHTML for the duration of `body`, as Chromium has one. */
async function withSetHTML(setHTML: SetHTMLMock, body: () => Promise<void> | void) {
  Object.defineProperty(HTMLElement.prototype, 'setHTML', { value: setHTML, configurable: true });
  try {
    await body();
  } finally {
    Reflect.deleteProperty(HTMLElement.prototype, 'setHTML');
  }
}

/** The config RichHtml hands to setHTML. */
async function nativeConfig(): Promise<SanitizerConfig> {
  const setHTML = mockSetHTML();
  await withSetHTML(setHTML, () => {
    renderHtml('<p>x</p>').unmount();
  });
  return setHTML.mock.calls[0]![1].sanitizer;
}

// Runs first: once DOMPurify has loaded it is kept, so a later test could not see the load fail.
describe('when DOMPurify cannot be loaded', () => {
  afterEach(() => {
    mockPurifyUnavailable = false;
  });

  it('shows an empty, busy container meanwhile, then nothing, says why, and tries again for the next rich text', async () => {
    mockPurifyUnavailable = true;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { container, unmount } = renderHtml(HOSTILE);
      const pending = document.getElementById('rich');
      expect(pending).toHaveAttribute('aria-busy', 'true');
      expect(pending).toBeEmptyDOMElement();

      await waitFor(() => expect(container).toBeEmptyDOMElement());
      expect(error).toHaveBeenCalledWith(expect.stringContaining('DOMPurify'), expect.any(Error));
      unmount();
    } finally {
      error.mockRestore();
    }

    mockPurifyUnavailable = false;
    const rich = await sanitised(HOSTILE, 'bold');
    expect(rich).not.toHaveAttribute('aria-busy');
  });
});

describe('RichHtml without the HTML Sanitizer API (DOMPurify, loaded on demand)', () => {
  it('removes scripts, event handlers and javascript: links', async () => {
    const rich = await sanitised(HOSTILE, 'bold');
    expect(rich.querySelector('script')).toBeNull();
    expect(rich.querySelector('[onerror], [onclick]')).toBeNull();
    expect(rich.querySelector('img')).toHaveAttribute('src', 'x');
    expect(screen.getByText('bad link')).not.toHaveAttribute('href');
    expect(screen.getByText('spaced link')).not.toHaveAttribute('href');
    expect(screen.getByText('clickable').tagName).toBe('DIV');
    expect(rich.innerHTML).not.toMatch(/javascript:|hacked/i);
  });

  it('keeps CMS formatting, links and images', async () => {
    const rich = await sanitised(
      '<h2>Heading</h2><p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>x</s> H<sub>2</sub>O m<sup>2</sup></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><hr><pre><code>code</code></pre>' +
        '<p><a href="https://example.org/guide" title="Guide" target="_blank" rel="noopener">guide</a><br><span>span</span></p>' +
        '<figure><img src="https://example.org/a.png" alt="Chart" width="400" height="300" title="Chart"><figcaption>caption</figcaption></figure>' +
        '<table><thead><tr><th>head</th></tr></thead><tbody><tr><td>cell</td></tr></tbody></table>',
      'Heading',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Heading' })).toBeInTheDocument();
    for (const tag of [
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'blockquote',
      'hr',
      'pre',
      'code',
      'br',
    ]) {
      expect(rich.querySelector(tag)).not.toBeNull();
    }
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'guide' });
    expect(link).toHaveAttribute('href', 'https://example.org/guide');
    expect(link).toHaveAttribute('title', 'Guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    const image = screen.getByRole('img', { name: 'Chart' });
    expect(image).toHaveAttribute('src', 'https://example.org/a.png');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('title', 'Chart');
    expect(screen.getByText('caption').tagName).toBe('FIGCAPTION');
    expect(screen.getByRole('columnheader', { name: 'head' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'cell' })).toBeInTheDocument();
  });

  it('removes what the allowlist leaves out, as the Sanitizer API does: other elements with their content, other attributes, comments', async () => {
    const rich = await sanitised(
      '<p class="lead" style="color:red" id="x" data-track="1" aria-label="lead">kept</p>' +
        '<h1>page title</h1><iframe src="https://example.org"></iframe><form><input></form><!-- note --><svg><text>svg</text></svg>',
      'kept',
    );
    expect(rich.innerHTML).toBe('<p>kept</p>');
  });

  it('shows every element of the seeded CMS content', async () => {
    const dir = join(__dirname, '../../content/content');
    const fields: string[] = [];
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (['html', 'information', 'helperText'].includes(key)) fields.push(value);
      } else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
      else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => collect(v, k));
    };
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      collect(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    }
    expect(fields.length).toBeGreaterThan(10);
    const { rerender } = renderHtml('<p>start</p>');
    await screen.findByText('start');

    for (const html of fields) {
      rerender(
        <ThemeProvider theme={defaultTheme}>
          <RichHtml html={html} id="rich" />
        </ThemeProvider>,
      );
      const expected = document.createElement('div');
      expected.innerHTML = html;
      expect(document.getElementById('rich')!.innerHTML).toBe(expected.innerHTML);
    }
  });

  it('RichText shows the HTML with its videos and images', async () => {
    render(
      <ThemeProvider theme={defaultTheme}>
        <RichText
          value={{
            html: '<p>Intro <em>text</em></p>',
            videos: [{ title: 'Welcome', url: 'https://video.example/w', embedUrl: 'javascript:alert(1)' }],
            assets: [
              {
                url: 'https://example.org/i.png',
                title: 'I',
                width: 10,
                height: 10,
                description: 'An image',
              },
            ],
          }}
        />
      </ThemeProvider>,
    );
    expect((await screen.findByText('text')).tagName).toBe('EM');
    expect(screen.getByRole('link', { name: /Watch “Welcome”/ })).toHaveAttribute(
      'href',
      'https://video.example/w',
    );
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('img', { name: 'An image' })).toBeInTheDocument();
  });
});

describe('RichHtml with the HTML Sanitizer API', () => {
  it("uses the element's setHTML with the allowlist, before paint", async () => {
    const setHTML = mockSetHTML(function () {
      this.innerHTML = '<p>set by the browser</p>';
    });
    await withSetHTML(setHTML, () => {
      renderHtml(HOSTILE);
      // No findBy: the layout effect has run by the time render returns.
      const rich = document.getElementById('rich')!;
      expect(rich).toHaveTextContent('set by the browser');
      expect(rich).not.toHaveAttribute('aria-busy');
      expect(setHTML.mock.contexts).toContain(rich);
      const call = setHTML.mock.calls[setHTML.mock.contexts.indexOf(rich)]!;
      expect(call[0]).toBe(HOSTILE);
      const config = call[1].sanitizer;
      expect(config).toEqual({
        elements: expect.arrayContaining(['p', 'strong', 'a', 'img', 'h2', 'h6', 'table', 'td', 'pre']),
        attributes: expect.arrayContaining([
          'href',
          'title',
          'target',
          'rel',
          'src',
          'alt',
          'width',
          'height',
        ]),
        comments: false,
        dataAttributes: false,
      });
      expect(config.elements).not.toContain('script');
      expect(config.elements).not.toContain('iframe');
      expect(config.attributes).not.toContain('onclick');
      expect(config.attributes).not.toContain('style');
    });
  });

  it('is not used when the browser rejects the config (an early draft of the API), DOMPurify is', async () => {
    const setHTML = mockSetHTML(() => {
      throw new TypeError("Failed to execute 'setHTML' on 'Element'");
    });
    await withSetHTML(setHTML, async () => {
      const rich = await sanitised(HOSTILE, 'bold');
      expect(rich.querySelector('script, [onerror]')).toBeNull();
      expect(setHTML.mock.contexts).not.toContain(rich);
    });
  });

  it('allows what DOMPurify allows: one allowlist for both', async () => {
    const { elements, attributes } = await nativeConfig();
    const attrs = attributes.map((name) => `${name}="https://example.org/${name}"`).join(' ');
    const table = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];
    const empty = ['br', 'hr', 'img'];
    const html =
      elements
        .filter((name) => !table.includes(name))
        .map((name) => (empty.includes(name) ? `<${name} ${attrs}>` : `<${name} ${attrs}>${name}</${name}>`))
        .join('') +
      `<table ${attrs}><thead ${attrs}><tr ${attrs}><th ${attrs}>th</th></tr></thead>` +
      `<tbody ${attrs}><tr ${attrs}><td ${attrs}>td</td></tr></tbody></table>`;

    const rich = await sanitised(html, 'strong');
    for (const name of elements) {
      const element = rich.querySelector(name);
      expect(element).not.toBeNull();
      for (const attribute of attributes) expect(element).toHaveAttribute(attribute);
    }
    expect(rich.querySelectorAll('*')).toHaveLength(
      new DOMParser().parseFromString(html, 'text/html').body.querySelectorAll('*').length,
    );
  });
});
