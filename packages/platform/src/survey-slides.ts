// The survey definition from the content service (its query and types live in @toolkit/domain, its
// loading in survey-definition.ts), reshaped into what the screens walk through: sections of
// slides, a group being one slide. The survey remote and the shell's early slide share it.
import type { QuestionType } from '@toolkit/domain';
import { questionTypeOf } from '@toolkit/domain/content/question-types';
import type { Asset, RawItem, RawQuestion, RawSurvey, RichText } from './survey-definition';

export interface Question {
  id: string;
  title: string;
  helperText: string | null;
  type: QuestionType;
  labels: string[];
  scoreMin: number;
  scoreMax: number;
  scoreStep: number;
  textLines: number;
  information: string | null;
  multiple: boolean;
  options: { id: string; label: string }[];
}

/** One screen of questions: a single question, or a question group with its questions. */
export interface Slide {
  id: string;
  title: string;
  helperText: string | null;
  isGroup: boolean;
  questions: Question[];
}

export interface Section {
  /** The CMS's integer id, used in the section and slide routes. */
  id: number;
  title: string;
  description: string | null;
  primaryColor: string | null;
  icon: Asset | null;
  slides: Slide[];
}

export interface SurveyDefinition {
  id: string;
  title: string;
  tenantId: string;
  completionUrl: string | null;
  intro: RichText | null;
  intro2: RichText | null;
  outro: RichText | null;
  sections: Section[];
}

function toQuestion(raw: RawQuestion): Question | null {
  // A type this version does not know (the CMS may be newer) leaves the question out.
  const type = questionTypeOf(raw.type);
  if (!type) return null;
  return {
    id: raw.id,
    title: raw.title,
    helperText: raw.helperText || null,
    type,
    labels: raw.labels ?? [],
    scoreMin: raw.scoreMin ?? 0,
    scoreMax: raw.scoreMax ?? 10,
    scoreStep: raw.scoreStepSize && raw.scoreStepSize > 0 ? raw.scoreStepSize : 1,
    textLines: Math.max(1, raw.textLines ?? 1),
    information: raw.information || null,
    multiple: raw.multiple === true,
    options: raw.options ?? [],
  };
}

const present = <T>(value: T | null): value is T => value !== null;

function toSlide(item: RawItem): Slide | null {
  if (item.__typename === 'QuestionGroup') {
    const questions = item.questions.map(toQuestion).filter(present);
    if (questions.length === 0) return null;
    return { id: item.id, title: item.title, helperText: item.helperText || null, isGroup: true, questions };
  }
  const question = toQuestion(item);
  if (!question) return null;
  return { id: question.id, title: question.title, helperText: null, isGroup: false, questions: [question] };
}

export function normaliseSurvey(raw: RawSurvey): SurveyDefinition {
  return {
    id: raw.id,
    title: raw.title,
    tenantId: raw.tenantId,
    completionUrl: raw.completionUrl || null,
    intro: raw.intro,
    intro2: raw.intro2,
    outro: raw.outro,
    sections: raw.sections
      .map((section) => ({
        id: section.id,
        title: section.title,
        description: section.description || null,
        primaryColor: section.primaryColor || null,
        icon: section.sectionIcon,
        slides: section.questions.map(toSlide).filter(present),
      }))
      .filter((section) => section.slides.length > 0),
  };
}

/** The seed has no flag for it, so the company-name question is known by its id (packages/content). */
export const COMPANY_NAME_QUESTION_ID = 'company-name';

export function hasQuestion(survey: SurveyDefinition, questionId: string): boolean {
  return survey.sections.some((s) =>
    s.slides.some((slide) => slide.questions.some((q) => q.id === questionId)),
  );
}

/** Where a respondent is: a section id and a 1-based slide number within it. */
export interface Position {
  sectionId: number;
  slide: number;
}

/** A slide's place in the whole survey, for "Question 4 of 23". */
export interface SlideLocation {
  section: Section;
  sectionIndex: number;
  slide: Slide;
  /** 1-based over the whole survey. */
  number: number;
  total: number;
}

export function totalSlides(survey: SurveyDefinition): number {
  return survey.sections.reduce((sum, section) => sum + section.slides.length, 0);
}

export function findSection(survey: SurveyDefinition, sectionId: number) {
  const index = survey.sections.findIndex((s) => s.id === sectionId);
  return index < 0 ? null : { section: survey.sections[index]!, index };
}

export function locateSlide(survey: SurveyDefinition, position: Position): SlideLocation | null {
  const found = findSection(survey, position.sectionId);
  const slide = found?.section.slides[position.slide - 1];
  if (!found || !slide) return null;
  const before = survey.sections.slice(0, found.index).reduce((sum, s) => sum + s.slides.length, 0);
  return {
    section: found.section,
    sectionIndex: found.index,
    slide,
    number: before + position.slide,
    total: totalSlides(survey),
  };
}

/** The position after this one; a new section opens on its start page (slide 0). null at the end. */
export function nextPosition(survey: SurveyDefinition, position: Position): Position | null {
  const found = findSection(survey, position.sectionId);
  if (!found) return null;
  if (position.slide < found.section.slides.length) return { ...position, slide: position.slide + 1 };
  const next = survey.sections[found.index + 1];
  return next ? { sectionId: next.id, slide: 0 } : null;
}

/** The position before this one: slide 0 is a section's start page; null means the survey start. */
export function previousPosition(survey: SurveyDefinition, position: Position): Position | null {
  const found = findSection(survey, position.sectionId);
  if (!found) return null;
  if (position.slide > 0) return { ...position, slide: position.slide - 1 };
  const previous = survey.sections[found.index - 1];
  return previous ? { sectionId: previous.id, slide: previous.slides.length } : null;
}
