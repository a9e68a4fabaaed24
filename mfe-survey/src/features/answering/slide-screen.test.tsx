import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, paths, type ApiResponses } from '@toolkit/domain';
import {
  EARLY_ANSWER_EVENT,
  earlyAnswersKey,
  storeEarlyAnswer,
  type ContentClient,
  type EarlyAnswerDetail,
} from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { authChanged, selectHasSettledSession, sessionSettled } from '@toolkit/store-contract';
import { anonymousStore, createServices, createSurveyBackend, renderSurvey } from '../../testing/fake-api';

const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };
const slideUrl = (section: number, slide: number) =>
  paths.surveySlide('demo-publisher', 'quickscan', section, slide);
const location = () => screen.getByTestId('location').textContent;

// Each test is a new browser tab: a result finished in one is not shown again in the next.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** Holds the result's start until the returned function is called. */
function holdStart(api: ReturnType<typeof createSurveyBackend>): () => void {
  const start = api.handlers.get(API.startResult)!;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  api.handlers.set(API.startResult, async (data) => {
    await held;
    return (await start(data)) as ApiResponses[typeof API.startResult];
  });
  return release;
}

describe('the last slide', () => {
  it('lists the sections with nothing scored answered, links to them and finishes only once one is answered', async () => {
    const api = createSurveyBackend();
    renderSurvey(slideUrl(6, 6), createServices(api, content));

    const panel = await screen.findByRole('region', {
      name: 'Answer at least one question before you finish',
    });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Energy and emissions',
      'Waste and materials',
      'People and wellbeing',
      'Community',
      'Governance',
    ]);
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription(/Nothing that counts towards your score is answered yet/);

    // By keyboard, to the Community section's first slide.
    within(panel).getByRole('link', { name: 'Community' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(location()).toBe(slideUrl(5, 1));
    await userEvent.click(await screen.findByRole('radio', { name: 'Less than a quarter' }));

    // On through the survey to its last slide, which now lets the respondent finish.
    while (!screen.queryByRole('button', { name: 'Finish' })) {
      const onward =
        screen.queryByRole('button', { name: 'Start this part' }) ??
        screen.getByRole('button', { name: 'Next' });
      await userEvent.click(onward);
    }
    expect(location()).toBe(slideUrl(6, 6));
    expect(
      screen.queryByRole('region', { name: 'Answer at least one question before you finish' }),
    ).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Some parts are still unanswered' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).not.toContain('Community');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
  });

  it('names the sections still empty once one is answered, and finishes', async () => {
    const api = createSurveyBackend({ 'local-spend': 'little' });
    renderSurvey(slideUrl(6, 6), createServices(api, content));

    const panel = await screen.findByRole('region', { name: 'Some parts are still unanswered' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([2, 3, 4, 6].map((section) => slideUrl(section, 1)));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
  });

  it('finishes when Finish is pressed while the session is still starting', async () => {
    const api = createSurveyBackend({ 'local-spend': 'little' });
    const release = holdStart(api);
    renderSurvey(slideUrl(6, 6), createServices(api, content));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(api.callsTo(API.completeResult)).toHaveLength(0);
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
  });

  it('finishes when Finish is pressed before the shell has settled the restored session', async () => {
    const api = createSurveyBackend({ 'local-spend': 'little' });
    const store = anonymousStore();
    // A reload: the signed-in user is restored, but the guard has not confirmed the session yet.
    store.dispatch(authChanged({ user: { ...store.getState().auth.user!, uid: 'anon-2' } }));
    expect(selectHasSettledSession(store.getState())).toBe(false);
    renderSurvey(slideUrl(6, 6), createServices(api, content), store);
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      store.dispatch(sessionSettled());
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
  });

  it("shows the server's refusal of an empty completion", async () => {
    const api = createSurveyBackend();
    // A client that does not know the scored questions lets Finish be pressed: the server decides.
    api.handlers.set(API.startResult, () => ({
      resultId: 'result-1',
      status: 1,
      created: true,
      questions: {},
      seqs: {},
      scoredQuestions: [],
    }));
    api.results.set('result-1', { questions: {}, seqs: {}, isCompleted: false });
    renderSurvey(slideUrl(6, 6), createServices(api, content));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Answer at least one question before you finish: nothing that counts towards your score is answered yet (Energy and emissions,',
    );
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  });
});

describe('the progress caption', () => {
  it('counts the questions of a group each, and information slides not at all', async () => {
    renderSurvey(slideUrl(2, 4), createServices(createSurveyBackend(), content));
    expect(await screen.findByText('Questions 9–11 of 39')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute(
      'aria-valuetext',
      'Questions 9–11 of 39',
    );
  });
});

describe("answers given on the shell's early slide", () => {
  const key = earlyAnswersKey('demo-publisher', 'quickscan');
  /** As the early slide records an answer: stored on the device, then announced. */
  const savedAnswers = (api: ReturnType<typeof createSurveyBackend>) =>
    api.callsTo(API.saveAnswer).map((call) => (call as { answer: unknown }).answer);
  const recordEarly = (questionId: string, answer: string) => {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, string>;
    storeEarlyAnswer(window.localStorage, key, stored, questionId, answer);
    const detail: EarlyAnswerDetail = { key, questionId, answer };
    act(() => {
      window.dispatchEvent(new CustomEvent(EARLY_ANSWER_EVENT, { detail }));
    });
  };

  it('shows the answer stored before the app started, adopts one announced while the result starts, and saves it', async () => {
    const api = createSurveyBackend();
    const release = holdStart(api);
    window.localStorage.setItem(key, JSON.stringify({ 'company-name': 'Early' }));
    renderSurvey(slideUrl(1, 2), createServices(api, content));
    const name = await screen.findByRole('textbox', { name: 'What is the name of your business?' });
    expect(name).toHaveValue('Early');

    recordEarly('company-name', 'Early Bird');
    expect(name).toHaveValue('Early Bird');
    // Not yet saved: the result has not started.
    expect(screen.getByText('Saving…')).toHaveRole('status');
    release();
    await waitFor(() => expect(savedAnswers(api)).toContain('Early Bird'));
    expect(window.localStorage.getItem(key)).toBeNull();

    // Announced once the result has started: saved at once, and nothing left on the device.
    recordEarly('company-name', 'Early Bird Bakery');
    expect(name).toHaveValue('Early Bird Bakery');
    await waitFor(() => expect(savedAnswers(api).at(-1)).toBe('Early Bird Bakery'));
    expect(window.localStorage.getItem(key)).toBeNull();
  });
});
