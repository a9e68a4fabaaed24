// The session machine's effects as the screens meet them when the respondent signs in mid-survey:
// the shell unsettles the session, the result ends, and the next one starts once it is settled.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, paths } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { authChanged, sessionSettled, type AppStore } from '@toolkit/store-contract';
import { anonymousStore, createServices, createSurveyBackend, renderSurvey } from '../../testing/fake-api';

const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };
const slideUrl = (section: number, slide: number) =>
  paths.surveySlide('demo-publisher', 'quickscan', section, slide);
const EARLY_KEY = 'toolkit:survey-early-answers:v1:demo-publisher/quickscan';
const KEPT_KEY = 'toolkit:survey-result:v1:demo-publisher/quickscan/anon-1/';

// Each test is a new browser tab: a result finished in one is not shown again in the next.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The respondent signs in: the shell reports the new user, then settles the page's session. */
function signIn(store: AppStore) {
  act(() => {
    store.dispatch(
      authChanged({
        user: {
          uid: 'member-1',
          email: 'ann@example.com',
          displayName: null,
          emailVerified: true,
          isAnonymous: false,
          tenantId: null,
        },
      }),
    );
  });
  return () =>
    act(() => {
      store.dispatch(sessionSettled());
    });
}

describe('useResult across a sign-in', () => {
  it('keeps an answer given while the session changes on the device and saves it in the next result', async () => {
    const api = createSurveyBackend();
    const store = anonymousStore();
    renderSurvey(slideUrl(1, 3), createServices(api, content), store);
    const sector = await screen.findByRole('combobox', {
      name: 'Which sector best describes your business?',
    });
    await userEvent.selectOptions(sector, 'Retail');
    await waitFor(() => expect(api.results.get('result-1')!.questions['industry-sector']).toBe('retail'));

    const settle = signIn(store);
    await userEvent.selectOptions(sector, 'Creative industries');
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(EARLY_KEY)!)).toEqual({ 'industry-sector': 'creative' });
    expect(api.callsTo(API.startResult)).toHaveLength(1);

    settle();
    await waitFor(() => expect(api.results.get('result-2')!.questions['industry-sector']).toBe('creative'));
    expect(api.results.get('result-1')!.questions['industry-sector']).toBe('retail');
    expect(sector).toHaveValue('creative');
    expect(window.localStorage.getItem(EARLY_KEY)).toBeNull();
    expect(await screen.findByText('All answers saved')).toBeInTheDocument();
  });

  it('completes the next result for a Finish pressed while the session changes', async () => {
    const api = createSurveyBackend({ 'energy-tracking': 2 });
    const store = anonymousStore();
    renderSurvey(slideUrl(6, 6), createServices(api, content), store);
    await screen.findByRole('textbox', { name: /Where would support from our programme help/ });
    await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(1));

    const settle = signIn(store);
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(api.callsTo(API.completeResult)).toEqual([]);

    settle();
    await waitFor(() =>
      expect(api.callsTo(API.completeResult)).toEqual([
        { tenantId: 'demo-publisher', surveyId: 'quickscan', resultId: 'result-2' },
      ]),
    );
    // The outro's chunk loads first: give it longer than a screen's default wait.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Thank you: your answers are in' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });
});

describe('the copy kept on the device', () => {
  afterEach(() => jest.restoreAllMocks());
  const keptSupport = () =>
    (JSON.parse(window.localStorage.getItem(KEPT_KEY)!) as { questions: Record<string, unknown> }).questions[
      'support-needed'
    ];

  it('is written once the typing pauses, not at every keystroke, and at once as the page is left or hidden', async () => {
    const api = createSurveyBackend();
    renderSurvey(slideUrl(6, 6), createServices(api, content), anonymousStore());
    const support = await screen.findByRole('textbox', {
      name: /Where would support from our programme help/,
    });
    await waitFor(() => expect(window.localStorage.getItem(KEPT_KEY)).not.toBeNull());
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const keptWrites = () => setItem.mock.calls.filter(([key]) => key === KEPT_KEY).length;

    await userEvent.type(support, 'Solar');
    expect(keptWrites()).toBe(0);
    await waitFor(() => expect(keptWrites()).toBe(1));
    expect(keptSupport()).toBe('Solar');

    // Left before the typing pauses: the page's last moment writes it.
    await userEvent.type(support, ' roofs');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(keptWrites()).toBe(2);
    expect(keptSupport()).toBe('Solar roofs');

    // Hidden (the phone's home button), which may be the last the page hears.
    await userEvent.type(support, '!');
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(keptSupport()).toBe('Solar roofs!');
  });
});
