import { act, screen, within } from '@testing-library/react';
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

beforeEach(() => window.localStorage.clear());

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
  renderSurvey(LAST_SLIDE, services, store);
  await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
  await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' });
  return { api, sendSignInLink };
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
    api.handlers.set(API.requestResultClaim, async (request) => ({
      status: 'recorded' as const,
      email: request.email.toLowerCase(),
      expiresAt: '2030-01-01T00:00:00.000Z',
    }));
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
    const store = createAppStore({ storage: null });
    act(() => {
      store.dispatch(
        authChanged({
          user: {
            uid: 'member-1',
            email: 'member@example.com',
            displayName: null,
            emailVerified: true,
            isAnonymous: false,
            tenantId: null,
          },
        }),
      );
      store.dispatch(sessionSettled());
    });
    await finish(SCORE, store);

    expect(screen.getByRole('region', { name: 'Your score' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Keep your results' })).toBeNull();
  });

  it('shows no score when the survey scores nothing', async () => {
    await finish(null);
    expect(screen.queryByRole('region', { name: 'Your score' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Keep your results' })).toBeNull();
  });
});
