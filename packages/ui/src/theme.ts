import type {} from 'styled-components';
import { isReadable, MIN_UI_CONTRAST, normalizeColor, readableTextOn } from './color';

/**
 * A logo from the survey definition. Logos are objects, not bare URLs, so the CMS
 * title can become the image's alt text, and its size can hold the logo's place before it loads.
 */
export interface LogoAsset {
  url: string;
  title?: string;
  /** The image's own size in pixels, when the CMS knows it (both or neither). */
  width?: number;
  height?: number;
}

/** Tenant styling from the survey definition. Every field is optional. */
export interface TenantBranding {
  primaryColor?: string;
  secondaryColor?: string;
  tertiaryColor?: string;
  quaternaryColor?: string;
  font?: string;
  textColor?: string;
  primaryLogo?: LogoAsset;
  secondaryLogo?: LogoAsset;
  mobileSecondaryLogo?: LogoAsset;
}

export interface ThemeColors {
  primary: string;
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  tertiary: string;
  onTertiary: string;
  quaternary: string;
  onQuaternary: string;
  /** Page background. */
  background: string;
  /** Card and panel background. */
  surface: string;
  /** Body text; readable (4.5:1) on background and surface. */
  text: string;
  /** Secondary text; readable (4.5:1) on background and surface. */
  mutedText: string;
  /** Links and secondary buttons; readable (4.5:1) on background and surface. */
  link: string;
  /** Keyboard focus outline; at least 3:1 on background and surface. */
  focus: string;
  border: string;
  danger: string;
  onDanger: string;
}

export interface AppTheme {
  colors: ThemeColors;
  fonts: { body: string; heading: string };
  logos: {
    primary: LogoAsset | null;
    secondary: LogoAsset | null;
    mobileSecondary: LogoAsset | null;
  };
  /** Spacing scale in px: space[1] = 4px … space[7] = 48px. */
  space: readonly [0, 4, 8, 12, 16, 24, 32, 48];
  radii: { small: string; medium: string; large: string };
  /** Minimum size of anything tappable (WCAG 2.5.5). */
  touchTarget: string;
  breakpoints: { mobile: string };
}

declare module 'styled-components' {
  // Declaration merging is the documented way to type styled-components' theme.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}

export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** A calm green sustainability palette; every pairing passes WCAG AA. */
export const DEFAULT_COLORS = {
  primary: '#2e7d32',
  secondary: '#a5d6a7',
  tertiary: '#00695c',
  quaternary: '#f1f8e9',
  background: '#f7faf5',
  surface: '#ffffff',
  text: '#1b2e21',
  mutedText: '#4a5d50',
  border: '#c5d3c8',
  danger: '#b3261e',
} as const;

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
]);
// Letters, digits, spaces, hyphens and underscores only: the value is written into CSS.
const FAMILY_NAME = /^[\p{L}\p{N} _-]+$/u;

/**
 * Turns the tenant's font setting ("Montserrat" or "'Open Sans', sans-serif") into a font stack that
 * ends in the system stack. Anything that is not a plain family name is ignored.
 */
export function buildFontStack(font?: string | null): string {
  if (typeof font !== 'string') return SYSTEM_FONT_STACK;
  const families = font
    .split(',')
    .map((f) =>
      f
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim(),
    )
    .filter((f) => f.length > 0 && FAMILY_NAME.test(f))
    .map((f) => (GENERIC_FAMILIES.has(f.toLowerCase()) ? f.toLowerCase() : `"${f}"`));
  return families.length > 0 ? `${families.join(', ')}, ${SYSTEM_FONT_STACK}` : SYSTEM_FONT_STACK;
}

const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * A logo as the apps keep it, from whatever the CMS or storage holds: a url, and a title and size
 * only when usable. The one reader of logos, so the theme, the branding and its stored copy agree.
 */
export function readLogo(value: unknown): LogoAsset | null {
  if (typeof value !== 'object' || value === null) return null;
  const { url, title, width, height } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url.trim() === '') return null;
  return {
    url,
    ...(typeof title === 'string' && title.trim() !== '' ? { title } : {}),
    ...(isSize(width) && isSize(height) ? { width, height } : {}),
  };
}

function firstReadable(candidates: string[], backgrounds: string[], minimum?: number): string | undefined {
  return candidates.find((c) => isReadable(c, backgrounds, minimum));
}

/**
 * The app theme for a tenant's branding, or the default theme when there is none. Invalid colours
 * fall back to the defaults; text colours that would be unreadable are replaced.
 */
export function buildTheme(branding?: TenantBranding | null): AppTheme {
  const b = branding ?? {};
  const primary = normalizeColor(b.primaryColor) ?? DEFAULT_COLORS.primary;
  const secondary = normalizeColor(b.secondaryColor) ?? DEFAULT_COLORS.secondary;
  const tertiary = normalizeColor(b.tertiaryColor) ?? DEFAULT_COLORS.tertiary;
  const quaternary = normalizeColor(b.quaternaryColor) ?? DEFAULT_COLORS.quaternary;
  const { background, surface } = DEFAULT_COLORS;
  const pageColors = [background, surface];

  const tenantText = normalizeColor(b.textColor);
  const text =
    firstReadable(
      [tenantText, DEFAULT_COLORS.text].filter((c): c is string => c !== null),
      pageColors,
    ) ?? readableTextOn(background);
  const link = firstReadable([primary, tertiary], pageColors) ?? text;
  const focus = firstReadable([primary, tertiary], pageColors, MIN_UI_CONTRAST) ?? text;

  const fontStack = buildFontStack(b.font);
  return {
    colors: {
      primary,
      onPrimary: readableTextOn(primary),
      secondary,
      onSecondary: readableTextOn(secondary),
      tertiary,
      onTertiary: readableTextOn(tertiary),
      quaternary,
      onQuaternary: readableTextOn(quaternary),
      background,
      surface,
      text,
      mutedText: DEFAULT_COLORS.mutedText,
      link,
      focus,
      border: DEFAULT_COLORS.border,
      danger: DEFAULT_COLORS.danger,
      onDanger: readableTextOn(DEFAULT_COLORS.danger),
    },
    fonts: { body: fontStack, heading: fontStack },
    logos: {
      primary: readLogo(b.primaryLogo),
      secondary: readLogo(b.secondaryLogo),
      mobileSecondary: readLogo(b.mobileSecondaryLogo),
    },
    space: [0, 4, 8, 12, 16, 24, 32, 48],
    radii: { small: '4px', medium: '8px', large: '16px' },
    touchTarget: '44px',
    breakpoints: { mobile: '600px' },
  };
}

export const defaultTheme: AppTheme = buildTheme();
