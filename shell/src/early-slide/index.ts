// The early slide: the one script in index.html, inlined, so that a respondent on a phone reads and
// answers a survey's question before the app has downloaded. On a slide's address it asks for the
// runtime configuration and the survey's definition, draws the slide from them (render.ts), and only
// once that is on screen starts the app, which takes both responses over (contract.ts), adopts the
// answers given here (stored on the device and announced, survey-answers) and replaces the slide
// with its own, moving focus to its own control of the question being answered. On a signed-in
// area's page it starts the app and, beside it, what that page needs next (signed-in-start.ts). On
// every other page it starts the app at once. Anything unexpected (a failed request, a survey that
// needs an account, a question type it does not draw, a browser without the HTML Sanitizer) leaves
// the page to the app, as if this script were not there.
import { matchRoute } from '@toolkit/domain/routes';
import { slideProgress } from '@toolkit/domain/survey-progress';
import { SURVEY_DEFINITION_QUERY } from '@toolkit/domain/content/queries';
import type { AnswerValue } from '@toolkit/domain';
import {
  cameBackToFinished,
  EARLY_ANSWER_EVENT,
  earlyAnswersKey,
  loadEarlyAnswers,
  storeEarlyAnswer,
  type EarlyAnswerDetail,
} from '@toolkit/platform/survey-answers';
import type { RawSurvey } from '@toolkit/platform/survey-definition';
import { locateSlide, nextPosition, normaliseSurvey } from '@toolkit/platform/survey-slides';
import { hasNativeSanitizer } from '@toolkit/ui/sanitizer';
import { buildTheme } from '@toolkit/ui/theme';
import { brandingOf } from '../survey-branding';
import { RUNTIME_CONFIG_URL, setEarlyRequests, type EarlyRequests } from './contract';
import { canDraw, earlySlidePage, type EarlyAnswering } from './render';
import { deviceStorage } from '../device-storage';
import { isSignedInArea, startSignedInArea } from './signed-in-start';

/** The longest the app waits for the early slide's requests before it starts anyway. */
const APP_WAIT_MS = 1000;
/** The longest the early slide stays once the app has drawn something that is not yet a screen. */
const HAND_BACK_MS = 4000;

/** The app's scripts and preload links, which index.html keeps inert in a template until now. */
function startApp(): void {
  const template = document.getElementById('app-start');
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  for (const tag of template.content.children) {
    // Copies made here run; the template's own script elements never would.
    const copy = document.createElement(tag.tagName.toLowerCase());
    for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
    if (copy instanceof HTMLScriptElement) copy.async = false;
    document.head.append(copy);
  }
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

function askForSurvey(config: Promise<unknown>, surveyId: string): Promise<RawSurvey | null> {
  return config
    .then((value) => {
      const { contentUrl, contentKey } = value as { contentUrl: string; contentKey: string };
      return fetch(contentUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${contentKey}` },
        body: JSON.stringify({ query: SURVEY_DEFINITION_QUERY, variables: { id: surveyId } }),
      });
    })
    .then(json)
    .then((body) => {
      const { data, errors } = body as { data?: { survey: RawSurvey | null }; errors?: unknown[] };
      if (!data || errors?.length) throw new Error('The content service answered with errors.');
      return data.survey;
    });
}

/** Answers kept where the app's result looks for them before it has started, and announced to it. */
function answeringFor(tenantId: string, surveyId: string): EarlyAnswering {
  const key = earlyAnswersKey(tenantId, surveyId);
  const storage = deviceStorage();
  const answering: EarlyAnswering = {
    answers: loadEarlyAnswers(storage, key),
    record(questionId: string, answer: AnswerValue) {
      answering.answers = storeEarlyAnswer(storage, key, answering.answers, questionId, answer);
      const detail: EarlyAnswerDetail = { key, questionId, answer };
      window.dispatchEvent(new CustomEvent(EARLY_ANSWER_EVENT, { detail }));
    },
  };
  return answering;
}

/** Focus on one of the page's controls moves to the app's control of the same question and option. */
function moveFocus(page: HTMLElement, root: HTMLElement): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !page.contains(active) || !active.dataset.question) return;
  const question = root.querySelector(`[data-question-id="${CSS.escape(active.dataset.question)}"]`);
  const choice =
    active instanceof HTMLInputElement && (active.type === 'radio' || active.type === 'checkbox');
  const target = question?.querySelector<HTMLElement>(
    choice ? `input[value="${CSS.escape(active.value)}"]` : 'input, textarea, select',
  );
  if (!target) return;
  target.focus();
  const typed = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
  if (typed && !choice && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement))
    target.setSelectionRange(active.selectionStart, active.selectionEnd);
}

/**
 * Shows the page until the app draws its own first heading, then gives the screen back to it; at
 * the latest HAND_BACK_MS after the app first drew anything, so a screen of the app without a
 * heading is never hidden for good.
 */
function show(page: HTMLElement, root: HTMLElement): void {
  root.before(page);
  root.hidden = true;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const handBack = () => {
    clearTimeout(deadline);
    observer.disconnect();
    root.hidden = false;
    moveFocus(page, root);
    page.remove();
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector('h1')) handBack();
    else deadline ??= setTimeout(handBack, HAND_BACK_MS);
  });
  observer.observe(root, { childList: true, subtree: true });
}

function start(): void {
  const config = fetch(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  const early: EarlyRequests = { config: config.then((response) => response.clone()) };
  setEarlyRequests(early);
  const match = matchRoute(window.location.pathname);
  const root = document.getElementById('root');
  const { tenantId, surveyId, sectionId, slideId } = match?.params ?? {};
  const owner = match?.route.owner;
  if (isSignedInArea(owner) && match) {
    startApp();
    startSignedInArea(owner, match.route.id, early, early.config.then(() => config).then(json));
    return;
  }
  if (
    match?.route.id !== 'surveySlide' ||
    !root ||
    !tenantId ||
    !surveyId ||
    !hasNativeSanitizer() ||
    // Come back to a survey this tab finished: the app shows the finished result, not this slide.
    cameBackToFinished(tenantId, surveyId)
  ) {
    startApp();
    return;
  }
  const definition = askForSurvey(early.config.then(() => config).then(json), surveyId);
  early.survey = { id: surveyId, definition };
  // Also the start in a background tab, where no frame is painted until it is shown.
  setTimeout(startApp, APP_WAIT_MS);
  // A frame callback runs before that frame is painted; the timer after it, once it is.
  const startAfterPaint = () => requestAnimationFrame(() => setTimeout(startApp));
  definition
    .then((raw) => {
      if (!raw || raw.tenantId !== tenantId || raw.requireAccount || root.querySelector('h1')) return;
      const survey = normaliseSurvey(raw);
      const position = { sectionId: Number(sectionId), slide: Number(slideId) };
      const location = locateSlide(survey, position);
      if (!location || !canDraw(location)) return;
      const isLast = nextPosition(survey, position) === null;
      // Counted as the survey remote counts it (domain survey-progress), so the caption does not change.
      const progress = slideProgress(
        survey.sections.flatMap((section) => section.slides),
        location.number - 1,
      );
      const answering = answeringFor(tenantId, surveyId);
      show(earlySlidePage(location, progress, buildTheme(brandingOf(raw)), isLast, answering), root);
    })
    .catch(() => undefined)
    .finally(startAfterPaint);
}

start();
