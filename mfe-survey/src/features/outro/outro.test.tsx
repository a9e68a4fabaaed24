import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, paths, type ApiResponses, type ResultScore } from '@toolkit/domain';
import type { AuthOutcome } from '@toolkit/parcel';
import { CallableError, type ContentClient } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { authChanged, createAppStore, sessionSettled } from '@toolkit/store-contract';
import { anonymousStore, createServices, createSurveyBackend, renderSurvey } from '../../testing/fake-api';

const LAST_SLIDE = paths.surveySlide('demo-publisher', 'quickscan', 6, 6);
const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };

const SCORE: ResultScore = {
  overall: { points: 42.5, max: 100, percent: 42.5 },
  sections: [
    {
      sectionIndex: 1,
      title: 'Energy and emissions',
      points: 15,
      max: 60,
      percent: 25,
      weight: 1,
      band: { label: 'Beginning', description: null },
    },
    { sectionIndex: 0, title: 'Your business', points: 0, max: 0, percent: 0, weight: 0 },
  ],
  band: { label: 'Developing', description: 'You have made a start; keep going.' },
};

const COMPLETION_URL = quickscanResponse().survey!.completionUrl!;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The respondent finishes the last slide; the completion answers `score`. */
async function finish(score: ResultScore | null, store = anonymousStore()) {
  const api = createSurveyBackend({ 'energy-tracking': 2 });
  const completeResult = api.handlers.get(API.completeResult)!;
  api.handlers.set(API.completeResult, async (request) => ({
    ...((await completeResult(request)) as ApiResponses[typeof API.completeResult]),
    score,
  }));
  const sendSignInLink = jest.fn(async (_email: string, _continueUrl: string): Promise<AuthOutcome> => ({
    success: true,
  }));
  const services = { ...createServices(api, content), sendSignInLink };
  const view = renderSurvey(LAST_SLIDE, services, store);
  await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
  // The outro is its own chunk: the first test of the file waits for jest to load it.
  await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }, { timeout: 5000 });
  return { api, services, view, sendSignInLink };
}

function signedInStore(uid = 'member-1') {
  const store = createAppStore({ storage: null });
  act(() => {
    store.dispatch(
      authChanged({
        user: {
          uid,
          email: `${uid}@example.com`,
          displayName: null,
          emailVerified: true,
          isAnonymous: false,
          tenantId: null,
        },
      }),
    );
    store.dispatch(sessionSettled());
  });
  return store;
}

/** Records the result a claim asks to keep, as the server does. */
function acceptClaims(api: Awaited<ReturnType<typeof finish>>['api']) {
  api.handlers.set(API.requestResultClaim, async (request) => ({
    status: 'recorded' as const,
    email: request.email.toLowerCase(),
    expiresAt: '2030-01-01T00:00:00.000Z',
  }));
}

describe('the outro of a scored survey', () => {
  it('shows the overall score with its band, each section, and the chart', async () => {
    await finish(SCORE);

    const yours = screen.getByRole('region', { name: 'Your score' });
    expect(within(yours).getByText('Overall: 42.5% (42.5 out of 100)')).toBeInTheDocument();
    expect(within(yours).getByRole('heading', { name: 'Developing' })).toBeInTheDocument();
    expect(within(yours).getByText('You have made a start; keep going.')).toBeInTheDocument();
    const sections = within(within(yours).getByRole('list', { name: 'Your score per section' })).getAllByRole(
      'listitem',
    );
    expect(sections.map((item) => item.textContent)).toEqual([
      'Your businessNot scored',
      'Energy and emissions25% · Beginning',
    ]);
    expect(await within(yours).findByRole('img')).toHaveAccessibleName(
      'Bar chart of your scores out of 100%. Overall: 42.5%; Your business: not scored; Energy and emissions: 25%.',
    );
  });

  it('lets an anonymous respondent save the result: the claim is recorded, then the sign-in link sent', async () => {
    const { api, sendSignInLink } = await finish(SCORE);
    acceptClaims(api);
    const saving = screen.getByRole('region', { name: 'Keep your results' });
    const address = within(saving).getByRole('textbox', { name: 'E-mail address' });

    await userEvent.type(address, 'not an address');
    await userEvent.click(within(saving).getByRole('button', { name: 'Save my results' }));
    expect(address).toHaveAccessibleDescription(/e-mail address/i);
    expect(api.callsTo(API.requestResultClaim)).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, 'Keeper@Example.com');
    await userEvent.click(within(saving).getByRole('button', { name: 'Save my results' }));

    expect(await within(saving).findByRole('status')).toHaveTextContent(
      'Check your inbox: we sent a link to keeper@example.com.',
    );
    expect(api.callsTo(API.requestResultClaim)).toEqual([
      {
        tenantId: 'demo-publisher',
        surveyId: 'quickscan',
        resultId: 'result-1',
        email: 'Keeper@Example.com',
      },
    ]);
    expect(sendSignInLink).toHaveBeenCalledWith(
      'keeper@example.com',
      `${window.location.origin}/complete-signup`,
    );
  });

  it('sends no link when the claim is refused, and says why', async () => {
    const { api, sendSignInLink } = await finish(SCORE);
    api.fail(
      API.requestResultClaim,
      new CallableError('resource-exhausted', 'You have asked to save results too often.'),
    );
    const saving = screen.getByRole('region', { name: 'Keep your results' });
    await userEvent.type(within(saving).getByRole('textbox', { name: 'E-mail address' }), 'a@example.com');
    await userEvent.click(within(saving).getByRole('button', { name: 'Save my results' }));

    expect(
      await within(saving).findByText("We couldn't send the link: You have asked to save results too often."),
    ).toBeInTheDocument();
    expect(sendSignInLink).not.toHaveBeenCalled();
  });

  it('offers no saving to a signed-in respondent, whose result is theirs already', async () => {
    await finish(SCORE, signedInStore());

    expect(screen.getByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Keep your results' })).toBeNull();
  });

  it('shows no score when the survey scores nothing', async () => {
    await finish(null);
    expect(screen.queryByRole('region', { name: 'Your score' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Keep your results' })).toBeNull();
  });
});

describe('the outro of an anonymous respondent', () => {
  const outro = () => screen.getByRole('region', { name: 'Thank you: your answers are in' });

  it('promises no dashboard, which only a member has; a member still reads the publisher’s words', async () => {
    const anonymous = await finish(SCORE);
    expect(outro()).not.toHaveTextContent(/dashboard/i);
    expect(outro()).toHaveTextContent('We have received your answers to Sustainability Quickscan.');
    expect(outro()).toHaveTextContent(/nothing keeps your results yet: save them below/);
    anonymous.view.unmount();

    await finish(SCORE, signedInStore());
    expect(outro()).toHaveTextContent('Your results are ready on your dashboard');
    expect(outro()).not.toHaveTextContent(/nothing keeps your results/);
  });

  it('leads Continue to the save form, not away from the result', async () => {
    await finish(SCORE);
    const address = within(screen.getByRole('region', { name: 'Keep your results' })).getByRole('textbox', {
      name: 'E-mail address',
    });
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(address).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(LAST_SLIDE);
    expect(outro()).toBeInTheDocument();
  });

  it('asks before leaving without saving, says the result will be lost, and keeps it unless told to leave', async () => {
    await finish(SCORE);
    const address = screen.getByRole('textbox', { name: 'E-mail address' });
    const leave = screen.getByRole('button', { name: 'Leave without saving' });
    expect(leave).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(leave);
    const asking = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    expect(asking).toHaveAccessibleDescription(/Your result will be lost/);
    expect(leave).toHaveAttribute('aria-expanded', 'true');
    const keep = within(asking).getByRole('button', { name: 'Keep my result' });
    expect(keep).toHaveFocus();
    expect(within(asking).getByRole('link', { name: 'Leave anyway' })).toHaveAttribute(
      'href',
      COMPLETION_URL,
    );

    // By keyboard: Escape keeps the result and goes to the form.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(address).toHaveFocus();

    await userEvent.click(leave);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(address).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(LAST_SLIDE);
  });

  it('goes on without asking once the link that keeps the result is sent', async () => {
    const { api } = await finish(SCORE);
    acceptClaims(api);
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'keeper@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save my results' }));
    await screen.findByText('Check your inbox: we sent a link to keeper@example.com.');

    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', COMPLETION_URL);
    expect(screen.queryByRole('button', { name: 'Leave without saving' })).toBeNull();
    expect(outro()).not.toHaveTextContent(/nothing keeps your results/);
  });
});

describe('going back after finishing', () => {
  /** How the browser says this page was loaded (jsdom has no navigation timing). */
  function loadedBy(type: NavigationTimingType) {
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (kind: string) => (kind === 'navigation' ? [{ type }] : []),
    });
  }
  afterEach(() => {
    delete (performance as Partial<Performance>).getEntriesByType;
  });

  it('shows the finished result with its score on the page it was finished on, and starts nothing', async () => {
    const { api, services, view } = await finish(SCORE);
    expect(api.callsTo(API.startResult)).toHaveLength(1);
    // A reload loads the page of the finish again: a new mount at the same history entry.
    view.unmount();
    loadedBy('reload');

    renderSurvey(LAST_SLIDE, services);
    await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' });
    expect(screen.getByText('Overall: 42.5% (42.5 out of 100)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Keep your results' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(api.callsTo(API.startResult)).toHaveLength(1);
  });

  it('shows it on every page the respondent went through before finishing', async () => {
    const api = createSurveyBackend({ 'energy-tracking': 2 });
    const services = createServices(api, content);
    const before = paths.surveySlide('demo-publisher', 'quickscan', 6, 5);
    const view = renderSurvey(before, services);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' });
    view.unmount();
    loadedBy('back_forward');

    renderSurvey(before, services);
    await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' });
    expect(api.callsTo(API.startResult)).toHaveLength(1);
  });

  it('starts a new result for a new way in, or for another session', async () => {
    const { api, services, view } = await finish(SCORE);
    view.unmount();
    const startsAgain = async (count: number) => {
      expect(await screen.findByRole('button', { name: 'Finish' })).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(count));
    };

    // A link followed inside the app: a history entry of its own.
    const followed = renderSurvey({ pathname: LAST_SLIDE, key: 'followed-link' }, services);
    await startsAgain(2);
    followed.unmount();

    // The address typed again: a new page load, not one come back to.
    loadedBy('navigate');
    const typed = renderSurvey(LAST_SLIDE, services);
    await startsAgain(3);
    typed.unmount();

    loadedBy('reload');
    renderSurvey(LAST_SLIDE, services, signedInStore('someone-else'));
    await startsAgain(4);
  });
});
