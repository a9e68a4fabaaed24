// The browser's HTML Sanitizer (Element.setHTML, https://wicg.github.io/sanitizer-api/) with the
// product's one allowlist for CMS rich text. Free of React, so the shell's early slide (which runs
// before any bundle) sanitises exactly as the rich-text component does.

/** The one allowlist both sanitisers apply; anything else is removed with its content. */
export const ELEMENTS = [
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup'],
  ...['h2', 'h3', 'h4', 'h5', 'h6'],
  ...['ul', 'ol', 'li'],
  ...['a', 'img', 'figure', 'figcaption'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
];
/** On any allowed element (one list, as DOMPurify's ALLOWED_ATTR): for links and images. */
export const ATTRIBUTES = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height'];

/** The part of the HTML Sanitizer API's SanitizerConfig used here; TypeScript's DOM types lack it. */
export interface SanitizerConfig {
  elements: readonly string[];
  attributes: readonly string[];
  comments: boolean;
  dataAttributes: boolean;
}

/** An element as the HTML Sanitizer API extends it, where the browser has it. */
export type MaybeSanitizing = HTMLElement & {
  setHTML?: (html: string, options: { sanitizer: SanitizerConfig }) => void;
};

// A config that names `attributes` otherwise allows comments and every data-* attribute.
export const SANITIZER_CONFIG: SanitizerConfig = {
  elements: ELEMENTS,
  attributes: ATTRIBUTES,
  comments: false,
  dataAttributes: false,
};

let probed: { setHTML: unknown; works: boolean } | undefined;

/**
 * Whether this browser's setHTML takes our config. Browsers that shipped the API's first draft
 * (Chromium 105–118) have a setHTML that rejects a config object: they take the DOMPurify path.
 */
export function hasNativeSanitizer(): boolean {
  if (typeof HTMLElement === 'undefined') return false;
  const setHTML = (HTMLElement.prototype as MaybeSanitizing).setHTML;
  if (typeof setHTML !== 'function') return false;
  if (probed?.setHTML !== setHTML) {
    let works = true;
    try {
      const probe: MaybeSanitizing = document.createElement('div');
      probe.setHTML?.('', { sanitizer: SANITIZER_CONFIG });
    } catch {
      works = false;
    }
    probed = { setHTML, works };
  }
  return probed.works;
}
