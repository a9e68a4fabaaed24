// Test fixture: the Quickscan seed survey as the content service returns it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { graphqlQuestionType, type QuestionType } from '@toolkit/domain';
import type { LogoRef, RawItem, RawQuestion, RawSurvey } from '../survey-definition';

type Seed = Record<string, unknown>;

function question(seed: Seed): RawQuestion {
  const field = <T>(name: string) => (seed[name] ?? null) as T | null;
  return {
    id: seed.id as string,
    title: seed.title as string,
    helperText: field('helperText'),
    type: graphqlQuestionType(seed.type as QuestionType),
    labels: field('labels'),
    scoreMin: field('scoreMin'),
    scoreMax: field('scoreMax'),
    scoreStepSize: field('scoreStepSize'),
    textLines: field('textLines'),
    information: field('information'),
    multiple: field('multiple'),
    options: field<Seed[]>('options')?.map((o) => ({ id: o.id as string, label: o.label as string })) ?? null,
  };
}

function item(seed: Seed): RawItem {
  if (seed.type === 'group') {
    return {
      __typename: 'QuestionGroup',
      id: seed.id as string,
      title: seed.title as string,
      helperText: (seed.helperText as string) ?? null,
      questions: (seed.questions as Seed[]).map(question),
    };
  }
  return { __typename: 'Question', ...question(seed) };
}

/** The Quickscan seed of packages/content, shaped as the SURVEY_QUERY response. */
export function quickscanResponse(): { survey: RawSurvey } {
  const path = join(__dirname, '../../../content/content/quickscan.json');
  const seed = JSON.parse(readFileSync(path, 'utf8')) as Seed & { sections: Seed[] };
  return {
    survey: {
      id: seed.id as string,
      title: seed.title as string,
      tenantId: seed.tenantId as string,
      requireAccount: (seed.requireAccount as boolean) ?? null,
      primaryColor: (seed.primaryColor as string) ?? null,
      secondaryColor: (seed.secondaryColor as string) ?? null,
      tertiaryColor: (seed.tertiaryColor as string) ?? null,
      quaternaryColor: (seed.quaternaryColor as string) ?? null,
      globalFont: (seed.globalFont as string) ?? null,
      textColor: (seed.textColor as string) ?? null,
      primaryLogo: (seed.primaryLogo as LogoRef) ?? null,
      secondaryLogo: (seed.secondaryLogo as LogoRef) ?? null,
      mobileSecondaryLogo: (seed.mobileSecondaryLogo as LogoRef) ?? null,
      completionUrl: seed.completionUrl as string,
      intro: seed.intro as RawSurvey['intro'],
      intro2: seed.intro2 as RawSurvey['intro2'],
      outro: seed.outro as RawSurvey['outro'],
      sections: seed.sections.map((s) => ({
        id: s.id as number,
        title: s.title as string,
        description: (s.description as string) ?? null,
        primaryColor: (s.primaryColor as string) ?? null,
        sectionIcon: (s.sectionIcon as RawSurvey['sections'][number]['sectionIcon']) ?? null,
        questions: (s.questions as Seed[]).map(item),
      })),
    },
  };
}
