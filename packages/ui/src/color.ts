// WCAG 2.x contrast maths: https://www.w3.org/TR/WCAG21/#dfn-relative-luminance

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** The WCAG AA minimum for body text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** The WCAG AA minimum for focus indicators and other non-text UI (1.4.11). */
export const MIN_UI_CONTRAST = 3;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_FN = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+)\s*)?\)$/i;

/**
 * Parses an opaque colour (`#rgb`, `#rrggbb`, `rgb(r, g, b)`). Anything else — names, translucent
 * colours, garbage — returns null, because the contrast of a translucent colour depends on what is
 * behind it.
 */
export function parseColor(input: unknown): Rgb | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1]!;
    const full =
      digits.length === 3
        ? digits
            .split('')
            .map((d) => d + d)
            .join('')
        : digits;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
    };
  }
  const fn = RGB_FN.exec(value);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return null;
    return { r, g, b };
  }
  return null;
}

/** Normalises a colour to lowercase `#rrggbb`, or null when it cannot be parsed. */
export function normalizeColor(input: unknown): string | null {
  const rgb = parseColor(input);
  if (!rgb) return null;
  return '#' + [rgb.r, rgb.g, rgb.b].map((c) => c.toString(16).padStart(2, '0')).join('');
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 for black, 1 for white). Throws on an unparseable colour. */
export function relativeLuminance(color: string | Rgb): number {
  const rgb = typeof color === 'string' ? parseColor(color) : color;
  if (!rgb) throw new Error(`Not a colour: ${String(color)}`);
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** Contrast ratio between two colours, from 1 (same) to 21 (black on white). Order does not matter. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [light, dark] = la > lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background`. For any opaque background one of
 * them reaches at least 4.58:1, so the result always passes WCAG AA for text.
 */
export function readableTextOn(background: string): string {
  return contrastRatio(BLACK, background) >= contrastRatio(WHITE, background) ? BLACK : WHITE;
}

/** True when `foreground` reaches `minimum` contrast against every colour in `backgrounds`. */
export function isReadable(foreground: string, backgrounds: string[], minimum = MIN_TEXT_CONTRAST): boolean {
  return backgrounds.every((bg) => contrastRatio(foreground, bg) >= minimum);
}
