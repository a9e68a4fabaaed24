// A survey definition's styling as tenant branding; the theme checks its contrast.
// Free of React: the early slide themes its page with it too.
import type { RawSurvey } from '@toolkit/platform/survey-definition';
import { readLogo, type TenantBranding } from '@toolkit/ui/theme';

/** The definition fields that style a survey, as the definition and the portal's toolkit carry them. */
export type SurveyStyling = Pick<
  RawSurvey,
  | 'primaryColor'
  | 'secondaryColor'
  | 'tertiaryColor'
  | 'quaternaryColor'
  | 'globalFont'
  | 'textColor'
  | 'primaryLogo'
  | 'secondaryLogo'
  | 'mobileSecondaryLogo'
>;

export function brandingOf(survey: SurveyStyling): TenantBranding {
  const entries: [keyof TenantBranding, unknown][] = [
    ['primaryColor', survey.primaryColor],
    ['secondaryColor', survey.secondaryColor],
    ['tertiaryColor', survey.tertiaryColor],
    ['quaternaryColor', survey.quaternaryColor],
    ['font', survey.globalFont],
    ['textColor', survey.textColor],
    ['primaryLogo', readLogo(survey.primaryLogo)],
    ['secondaryLogo', readLogo(survey.secondaryLogo)],
    ['mobileSecondaryLogo', readLogo(survey.mobileSecondaryLogo)],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value != null)) as TenantBranding;
}
