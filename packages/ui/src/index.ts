// The shared entry every app downloads, the survey path's included. Parts only some screens show
// (section-heading, error-text, save-progress, deletion-link, form, …) are subpaths in package.json's
// exports instead, so an app bundles them only when it uses them.
export {
  BLACK,
  WHITE,
  MIN_TEXT_CONTRAST,
  MIN_UI_CONTRAST,
  contrastRatio,
  isReadable,
  normalizeColor,
  parseColor,
  readableTextOn,
  relativeLuminance,
  type Rgb,
} from './color';
export {
  DEFAULT_COLORS,
  SYSTEM_FONT_STACK,
  buildFontStack,
  buildTheme,
  defaultTheme,
  readLogo,
  type AppTheme,
  type LogoAsset,
  type TenantBranding,
  type ThemeColors,
} from './theme';
export { GlobalStyle, ThemeRoot, type ThemeRootProps } from './global-style';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant } from './components/button';
export { Card, MutedText, PageTitle, Stack, type SpaceStep, type StackProps } from './components/layout';
export { Spinner, type SpinnerProps } from './components/spinner';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel';
export { Logo, type LogoProps } from './components/logo';
export { VisuallyHidden } from './components/visually-hidden';
export { Notice } from './components/notice';
export { ScoreBand, ScoreOverall } from './components/score-band';
