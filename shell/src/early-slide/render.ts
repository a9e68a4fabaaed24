// The early slide's page: the shell's header and the survey remote's slide card, drawn with plain
// DOM calls and one style sheet that repeats the look of the styled components (packages/ui, the
// shell layout, mfe-survey's slide screen), so that the app's own slide replaces it without a jump.
// Its questions can be answered: each answer is made as the app's controls make it
// (@toolkit/platform/survey-answers) and recorded for the app to adopt.
import { progressCaption, progressPercent, type SlideProgress } from '@toolkit/domain/survey-progress';
import type { AnswerValue } from '@toolkit/domain';
import {
  selectAnswer,
  TEXT_ANSWER_MAX_LENGTH,
  textAnswer,
  toggledChoices,
} from '@toolkit/platform/survey-answers';
import type { Question, SlideLocation } from '@toolkit/platform/survey-slides';
import { SANITIZER_CONFIG, type MaybeSanitizing } from '@toolkit/ui/sanitizer';
import type { AppTheme, LogoAsset } from '@toolkit/ui/theme';

/** The question types the early slide draws; a slide with any other waits for the app. */
const DRAWN: ReadonlySet<Question['type']> = new Set(['content', 'comment', 'multipleChoice', 'dropdown']);

export function canDraw(location: SlideLocation): boolean {
  return location.slide.questions.every((question) => DRAWN.has(question.type));
}

function css(theme: AppTheme): string {
  const { colors: c, fonts, space: s, radii, touchTarget, breakpoints } = theme;
  const field = `width:100%;min-height:${touchTarget};padding:${s[2]}px ${s[3]}px;font:inherit;color:${c.text};background:${c.surface};border:1px solid ${c.mutedText};border-radius:${radii.medium}`;
  const button = `display:inline-flex;align-items:center;justify-content:center;min-height:${touchTarget};min-width:${touchTarget};padding:${s[2]}px ${s[5]}px;border-radius:${radii.medium};font:inherit;font-weight:600`;
  return `*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:${fonts.body};font-size:1rem;line-height:1.5;color:${c.text};background:${c.background}}
.es h1,.es h2{font-family:${fonts.heading};line-height:1.25}
.es img{max-width:100%}
.es-header{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;padding:.75rem 1rem;background:${c.surface};border-bottom:1px solid ${c.border}}
.es-brand{display:flex;align-items:center;min-height:${touchTarget};gap:.5rem;font-weight:700;color:inherit;text-decoration:none}
.es-logo{display:block;max-height:60px;width:auto;max-width:100%;object-fit:contain}
.es-logo2{max-height:40px}
@media (max-width:calc(${breakpoints.mobile} - 0.02px)){.es-brand img{max-height:${touchTarget}}}
@media (min-width:${breakpoints.mobile}){.es-mobile-only{display:none}}
.es-main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.es-card{width:100%;max-width:720px;margin:0 auto;background:${c.surface};color:${c.text};border:1px solid ${c.border};border-radius:${radii.large};padding:${s[5]}px}
@media (max-width:${breakpoints.mobile}){.es-card{padding:${s[4]}px}}
.es-muted{margin:0 0 ${s[2]}px;color:${c.mutedText}}
.es-eyebrow{margin:${s[4]}px 0 ${s[2]}px;color:${c.mutedText}}
.es-track{height:8px;border-radius:4px;background:${c.border};overflow:hidden}
.es-fill{height:100%;background:${c.primary}}
.es h1{margin:0 0 ${s[4]}px;font-size:clamp(1.35rem,1.1rem + 1.2vw,2rem);overflow-wrap:anywhere}
.es h2{margin:0 0 ${s[2]}px;font-size:1.2rem}
.es-rich{overflow-wrap:anywhere}
.es-rich img{height:auto}
.es-rich a{color:${c.link}}
.es-intro{margin-bottom:${s[5]}px}
.es-intro>:first-child{margin-top:0}
.es-intro>:last-child{margin-bottom:0}
.es-help{margin:0 0 ${s[3]}px;color:${c.mutedText}}
.es-help p{margin:0}
.es-stack{display:flex;flex-direction:column;gap:${s[6]}px}
.es-options{margin:0;padding:0;border:0;min-width:0;display:grid;gap:${s[2]}px}
.es-option{display:flex;align-items:center;gap:${s[3]}px;min-height:${touchTarget};padding:${s[2]}px ${s[3]}px;border:1px solid ${c.border};border-radius:${radii.medium};cursor:pointer}
.es-option input{width:20px;height:20px;flex:none;margin:0;accent-color:${c.primary}}
.es-option:has(input:checked){border-color:${c.primary};background:${c.quaternary};color:${c.onQuaternary}}
.es-option:has(input:focus-visible){outline:3px solid ${c.focus};outline-offset:2px}
.es :focus-visible{outline:3px solid ${c.focus};outline-offset:2px}
.es-field{${field}}
textarea.es-field{resize:vertical}
.es-actions{display:flex;flex-wrap:wrap;justify-content:space-between;gap:${s[3]}px;margin-top:${s[5]}px}
.es-actions>*{flex:1 1 140px}
@media (min-width:${breakpoints.mobile}){.es-actions>*{flex:0 0 auto}}
.es-secondary{${button};border:2px solid ${c.primary};background:${c.surface};color:${c.primary}}
.es-primary{${button};border:2px solid transparent;background:${c.primary};color:${c.onPrimary}}`;
}

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes))
    if (value !== undefined) element.setAttribute(name, String(value));
  for (const child of children) if (child) element.append(child);
  return element;
}

/** CMS HTML through the browser's sanitiser, as the app's rich text does (the caller checked it works). */
function rich(html: string, className: string): HTMLElement {
  const element: MaybeSanitizing = el('div', { class: `es-rich ${className}` });
  element.setHTML?.(html, { sanitizer: SANITIZER_CONFIG });
  return element;
}

function logo(asset: LogoAsset, className: string, alt = asset.title ?? 'Logo') {
  return el('img', { src: asset.url, width: asset.width, height: asset.height, alt, class: className });
}

function header(theme: AppTheme): HTMLElement {
  const { primary, secondary, mobileSecondary } = theme.logos;
  let second: HTMLElement | null = null;
  if (secondary) {
    const img = logo(mobileSecondary ?? secondary, 'es-logo es-logo2', secondary.title);
    second = mobileSecondary
      ? el(
          'picture',
          {},
          el('source', {
            media: `(min-width: ${theme.breakpoints.mobile})`,
            srcset: secondary.url,
            width: secondary.width,
            height: secondary.height,
          }),
          img,
        )
      : img;
  } else if (mobileSecondary) {
    second = logo(mobileSecondary, 'es-logo es-logo2 es-mobile-only');
  }
  return el(
    'header',
    { class: 'es-header' },
    el('a', { class: 'es-brand', href: '/' }, primary ? logo(primary, 'es-logo') : 'Sustainability Toolkit'),
    second,
  );
}

/** The answers already on the device, and where a new one goes (stored and announced to the app). */
export interface EarlyAnswering {
  answers: Readonly<Record<string, AnswerValue>>;
  record(questionId: string, answer: AnswerValue): void;
}

/** Marks a control with its question, so the app can move focus to its own control on taking over. */
const of = (question: Question, labelledBy: string) => ({
  'data-question': question.id,
  'aria-labelledby': labelledBy,
});

function optionList(question: Question, labelledBy: string, answering: EarlyAnswering): HTMLElement {
  const answer = answering.answers[question.id];
  const chosen = Array.isArray(answer) ? answer : [];
  const multiple = question.type === 'dropdown';
  const boxes = question.options.map((option) => {
    const input = el('input', {
      type: multiple ? 'checkbox' : 'radio',
      name: `es-${question.id}`,
      value: option.id,
      'data-question': question.id,
    });
    input.checked = multiple ? chosen.includes(option.id) : answer === option.id;
    input.addEventListener('change', () => {
      const current = answering.answers[question.id];
      answering.record(
        question.id,
        multiple
          ? toggledChoices(question, Array.isArray(current) ? current : [], option.id, input.checked)
          : option.id,
      );
    });
    return el('label', { class: 'es-option' }, input, option.label);
  });
  return el(
    'fieldset',
    { class: 'es-options', 'aria-labelledby': labelledBy, ...(multiple ? {} : { role: 'radiogroup' }) },
    ...boxes,
  );
}

function textField(question: Question, labelledBy: string, answering: EarlyAnswering): HTMLElement {
  const field =
    question.textLines > 1
      ? el('textarea', { class: 'es-field', rows: question.textLines, ...of(question, labelledBy) })
      : el('input', { class: 'es-field', type: 'text', ...of(question, labelledBy) });
  field.maxLength = TEXT_ANSWER_MAX_LENGTH;
  const answer = answering.answers[question.id];
  field.value = typeof answer === 'string' ? answer : '';
  field.addEventListener('input', () => answering.record(question.id, textAnswer(field.value)));
  return field;
}

function select(question: Question, labelledBy: string, answering: EarlyAnswering): HTMLElement {
  const field = el(
    'select',
    { class: 'es-field', ...of(question, labelledBy) },
    el('option', { value: '' }, 'Choose an answer'),
    ...question.options.map((option) => el('option', { value: option.id }, option.label)),
  );
  const answer = answering.answers[question.id];
  field.value = typeof answer === 'string' ? answer : '';
  field.addEventListener('change', () => answering.record(question.id, selectAnswer(field.value)));
  return field;
}

function control(question: Question, labelledBy: string, answering: EarlyAnswering): HTMLElement | null {
  switch (question.type) {
    case 'comment':
      return textField(question, labelledBy, answering);
    case 'multipleChoice':
      return optionList(question, labelledBy, answering);
    case 'dropdown':
      return question.multiple
        ? optionList(question, labelledBy, answering)
        : select(question, labelledBy, answering);
    case 'content':
      return question.information ? rich(question.information, '') : null;
    default:
      return null;
  }
}

function questionBlock(question: Question, isGroup: boolean, answering: EarlyAnswering): HTMLElement {
  // A slide of one question has it as its heading; a group titles each.
  const titleId = isGroup ? `es-q-${question.id}` : 'es-title';
  return el(
    'div',
    {},
    isGroup && el('h2', { id: titleId }, question.title),
    question.helperText && rich(question.helperText, 'es-help'),
    control(question, titleId, answering),
  );
}

/**
 * The page for one slide. Its questions take answers (`answering`); its buttons stay inert until the
 * app replaces the page, since moving on is the app's work.
 */
export function earlySlidePage(
  location: SlideLocation,
  progress: SlideProgress,
  theme: AppTheme,
  isLast: boolean,
  answering: EarlyAnswering,
): HTMLElement {
  const { section, slide } = location;
  const page = el(
    'div',
    { class: 'es' },
    el('style', {}, css(theme)),
    header(theme),
    el(
      'main',
      { class: 'es-main' },
      el(
        'section',
        { class: 'es-card' },
        el(
          'div',
          {},
          el('p', { class: 'es-muted', 'aria-hidden': 'true' }, progressCaption(progress)),
          el(
            'div',
            { class: 'es-track' },
            el('div', { class: 'es-fill', style: `width:${progressPercent(progress)}%` }),
          ),
        ),
        el('p', { class: 'es-eyebrow' }, section.title),
        el('h1', { id: 'es-title' }, slide.title),
        slide.isGroup && slide.helperText && rich(slide.helperText, 'es-intro'),
        el(
          'div',
          { class: 'es-stack' },
          ...slide.questions.map((q) => questionBlock(q, slide.isGroup, answering)),
        ),
        el(
          'div',
          { class: 'es-actions', inert: '' },
          el('button', { type: 'button', class: 'es-secondary' }, 'Previous'),
          el('button', { type: 'button', class: 'es-primary' }, isLast ? 'Finish' : 'Next'),
        ),
      ),
    ),
  );
  return page;
}
