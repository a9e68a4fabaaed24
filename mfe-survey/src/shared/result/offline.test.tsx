// The survey without a network, as a respondent on a phone meets it: answers kept on the device, a
// reload that opens the result from the device, Finish that thanks at once and completes later.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, paths, type ApiResponses, type ResultScore } from '@toolkit/domain';
import { CallableError, type ContentClient } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import {
  anonymousStore,
  createServices,
  createSurveyBackend,
  failSaves,
  renderSurvey,
  type SurveyBackend,
} from '../../testing/fake-api';

const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };
const slideUrl = (section: number, slide: number) =>
  paths.surveySlide('demo-publisher', 'quickscan', section, slide);
const LAST_SLIDE = slideUrl(6, 6);
const WAITING_LINE = 'Your score will appear here when this device is back online.';
const THANKS = { level: 1, name: 'Thank you: your answers are in' } as const;
const WAITING_THANKS = { level: 1, name: 'Thank you: your answers will be sent' } as const;
const KEPT_KEY = 'toolkit:survey-result:v1:demo-publisher/quickscan/anon-1/';

const SCORE: ResultScore = {
  overall: { points: 15, max: 60, percent: 25 },
  sections: [{ sectionIndex: 1, title: 'Energy and emissions', points: 15, max: 60, percent: 25, weight: 1 }],
  band: null,
};

/** What the callable client reports when a request gets no answer. */
const unreachable = () =>
  new CallableError('unavailable', 'Could not reach the function; check the connection.');

let online = true;
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => jest.restoreAllMocks());

/** The phone loses the network: every callable fails as unreachable. */
function goOffline(api: SurveyBackend) {
  online = false;
  failSaves(api, 'unavailable');
  api.fail(API.startResult, unreachable());
  api.fail(API.completeResult, unreachable());
}

/** The network is back: the browser says so with its `online` event. */
function goOnline(api: SurveyBackend) {
  online = true;
  failSaves(api, null);
  api.fail(API.startResult, null);
  api.fail(API.completeResult, null);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** A Quickscan backend whose completion answers a score, with a scored question answered. */
function scoringBackend() {
  const api = createSurveyBackend({ 'energy-tracking': 2 });
  const complete = api.handlers.get(API.completeResult)!;
  api.handlers.set(API.completeResult, async (request) => ({
    ...((await complete(request)) as ApiResponses[typeof API.completeResult]),
    score: SCORE,
  }));
  return api;
}

const open = (url: string, api: SurveyBackend) =>
  renderSurvey(url, createServices(api, content), anonymousStore());

/**
 * Opens the last slide and, once its result has started, sets the network up with `before`, types
 * `answer` into its open question and presses Finish.
 */
async function finishLastSlide(
  api: SurveyBackend,
  { before, answer }: { before?: (api: SurveyBackend) => void; answer?: string } = {},
) {
  const page = open(LAST_SLIDE, api);
  const support = await screen.findByRole('textbox', {
    name: /Where would support from our programme help/,
  });
  await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(1));
  before?.(api);
  if (answer) await userEvent.type(support, answer);
  await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
  return page;
}

describe('answering without a network', () => {
  it('counts the answers kept on the phone, then a reload without a network opens the result with every answer', async () => {
    const api = createSurveyBackend();
    const page = open(slideUrl(1, 3), api);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Which sector best describes your business?' }),
      'Retail',
    );
    await waitFor(() => expect(api.results.get('result-1')!.questions['industry-sector']).toBe('retail'));

    goOffline(api);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('radio', { name: '5 to 19' }));
    expect(
      await screen.findByText(
        'Offline: 1 answer kept on this device; they will be sent when you are back online',
      ),
    ).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Which sector best describes your business?' }),
      'Creative industries',
    );
    expect(
      await screen.findByText(
        'Offline: 2 answers kept on this device; they will be sent when you are back online',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    page.unmount();

    // The reload: the start cannot reach the server, so the device's copy opens on the same slide.
    open(slideUrl(1, 4), api);
    // The slide shows at once; the answers once the device's copy has opened.
    expect(await screen.findByRole('radio', { name: '5 to 19', checked: true })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(2));
    expect(screen.queryByText("We couldn't start your survey")).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(
      await screen.findByRole('combobox', { name: 'Which sector best describes your business?' }),
    ).toHaveValue('creative');

    goOnline(api);
    expect(await screen.findByText('All answers saved')).toBeInTheDocument();
    expect(api.results.get('result-1')!.questions).toMatchObject({
      'industry-sector': 'creative',
      'employee-count': '5-19',
    });
    expect(api.results.size).toBe(1);
  });

  it('counts above the answers sent before the reload, so a change made offline is not taken for an old one', async () => {
    const api = createSurveyBackend();
    const page = open(slideUrl(1, 4), api);
    await userEvent.click(await screen.findByRole('radio', { name: '1 to 4' }));
    await waitFor(() => expect(api.results.get('result-1')!.questions['employee-count']).toBe('1-4'));
    page.unmount();

    goOffline(api);
    open(slideUrl(1, 4), api);
    expect(await screen.findByRole('radio', { name: '1 to 4', checked: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '5 to 19' }));
    goOnline(api);
    expect(await screen.findByText('All answers saved')).toBeInTheDocument();
    expect(api.results.get('result-1')!.questions['employee-count']).toBe('5-19');
  });

  it('does not open the kept result when the server refuses the start', async () => {
    const api = createSurveyBackend();
    const page = open(slideUrl(1, 4), api);
    await userEvent.click(await screen.findByRole('radio', { name: '1 to 4' }));
    await screen.findByText('All answers saved');
    page.unmount();

    api.fail(
      API.startResult,
      new CallableError('permission-denied', 'This survey needs an account.', { hasServerMessage: true }),
    );
    open(slideUrl(1, 4), api);
    expect(await screen.findByText("We couldn't start your survey")).toBeInTheDocument();
    expect(screen.getByText('This survey needs an account.')).toBeInTheDocument();
  });

  it('tries a start that found no network again by itself, then offers "Try again"', async () => {
    const api = createSurveyBackend();
    goOffline(api);
    open(slideUrl(1, 4), api);
    await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(1));
    // Each wait ends early when the browser says it is online (here, without a network after all).
    for (const calls of [2, 3, 4]) {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(calls));
    }
    expect(await screen.findByText("We couldn't start your survey")).toBeInTheDocument();

    goOnline(api);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: '1 to 4' })).toBeInTheDocument();
    expect(api.results.size).toBe(1);
  });
});

describe('finishing without a network', () => {
  it('thanks at once, says when the score will come, and shows the server’s score once back online, completing once', async () => {
    const api = scoringBackend();
    await finishLastSlide(api, { before: goOffline, answer: 'Solar' });
    expect(await screen.findByRole('heading', WAITING_THANKS, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', THANKS)).toBeNull();
    expect(screen.getByText(WAITING_LINE)).toHaveAttribute('role', 'status');
    expect(
      screen.getByText(
        'Your answers to Sustainability Quickscan are kept on this device and will be sent by themselves.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your score' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(KEPT_KEY)!)).toMatchObject({
      finishing: true,
      questions: { 'support-needed': 'Solar' },
    });
    expect(api.callsTo(API.completeResult)).toEqual([]);

    goOnline(api);
    expect(await screen.findByRole('region', { name: 'Your score' })).toHaveTextContent(
      'Overall: 25% (15 out of 60)',
    );
    expect(screen.queryByText(WAITING_LINE)).toBeNull();
    expect(screen.getByRole('heading', THANKS)).toBeInTheDocument();
    expect(
      screen.getByText('We have received your answers to Sustainability Quickscan.'),
    ).toBeInTheDocument();
    expect(api.results.get('result-1')).toMatchObject({
      isCompleted: true,
      questions: { 'support-needed': 'Solar' },
    });
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
    expect(window.localStorage.getItem(KEPT_KEY)).toBeNull();
  });

  it('after a reload on the thank-you page, shows it again and completes once the network is back, with no new start', async () => {
    const api = scoringBackend();
    const page = await finishLastSlide(api, { before: goOffline, answer: 'Solar' });
    await screen.findByRole('heading', WAITING_THANKS, { timeout: 15_000 });
    page.unmount();

    open(LAST_SLIDE, api);
    expect(await screen.findByRole('heading', WAITING_THANKS, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(WAITING_LINE)).toBeInTheDocument();

    goOnline(api);
    expect(await screen.findByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(api.callsTo(API.startResult)).toHaveLength(1);
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
    expect(api.results.get('result-1')!.questions['support-needed']).toBe('Solar');
  });

  it('thanks at once when a save is already failing, online, and completes once it gets through', async () => {
    const api = scoringBackend();
    open(LAST_SLIDE, api);
    const support = await screen.findByRole('textbox', {
      name: /Where would support from our programme help/,
    });
    await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(1));
    failSaves(api, 'unavailable');
    await userEvent.type(support, 'Solar');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Retrying…')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(WAITING_LINE, {}, { timeout: 15_000 })).toBeInTheDocument();
    goOnline(api);
    expect(await screen.findByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(api.results.get('result-1')!.questions['support-needed']).toBe('Solar');
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
  });

  it('sends the completion again when its answer was lost on the way, and the server completes it once', async () => {
    const api = scoringBackend();
    const complete = api.handlers.get(API.completeResult)!;
    let lose = true;
    // The server completes the result, but its answer never reaches the phone.
    api.handlers.set(API.completeResult, async (request) => {
      const answer = await complete(request);
      if (lose) {
        lose = false;
        throw unreachable();
      }
      return { ...(answer as ApiResponses[typeof API.completeResult]), alreadyCompleted: true };
    });
    await finishLastSlide(api);
    expect(await screen.findByText(WAITING_LINE, {}, { timeout: 15_000 })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(2);
    expect(api.results.size).toBe(1);
  });

  it('shows the score when a save is refused because the result was completed meanwhile (another tab, a lost answer)', async () => {
    const api = scoringBackend();
    await finishLastSlide(api, {
      before: (api) => failSaves(api, 'failed-precondition'),
      answer: 'Solar',
    });

    expect(await screen.findByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(1);
  });

  it('brings the respondent back to the last slide with the server’s words when it refuses the completion', async () => {
    const api = scoringBackend();
    await finishLastSlide(api, { before: goOffline });
    await screen.findByText(WAITING_LINE, {}, { timeout: 15_000 });

    goOnline(api);
    api.fail(
      API.completeResult,
      new CallableError('failed-precondition', 'Answer at least one scored question.', {
        hasServerMessage: true,
      }),
    );
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText("We couldn't submit your answers")).toBeInTheDocument();
    expect(
      screen.getByText('Answer at least one scored question. Your answers are kept on this device.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  });
});

describe('the service worker', () => {
  it('is told to keep the survey while a result is open and to release it once completed', async () => {
    const postMessage = jest.fn();
    Object.defineProperty(window.navigator, 'serviceWorker', {
      value: { ready: Promise.resolve({ active: { postMessage } }) },
      configurable: true,
    });
    try {
      const api = scoringBackend();
      open(LAST_SLIDE, api);
      const survey = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
      await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'keep-survey', ...survey }));
      expect(postMessage).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'release-survey' }));

      await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
      await screen.findByRole('region', { name: 'Your score' }, { timeout: 15_000 });
      await waitFor(() =>
        expect(postMessage).toHaveBeenLastCalledWith({ type: 'release-survey', ...survey }),
      );
    } finally {
      delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
