import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, MESSAGES, paths } from '@toolkit/domain';
import { CallableError, loadSurveyDefinition, type ContentClient } from '@toolkit/platform';
import { authChanged, createAppStore, selectSurveyStatus, sessionSettled } from '@toolkit/store-contract';
import { outboxStorageKey } from './shared/result/outbox';
import {
  anonymousStore,
  createServices,
  createSurveyBackend,
  failSaves,
  gateSaves,
  renderSurvey,
} from './testing/fake-api';
import { quickscanResponse } from '@toolkit/platform/testing';

const START = paths.survey('demo-publisher', 'quickscan');
const slideUrl = (section: number, slide: number) =>
  paths.surveySlide('demo-publisher', 'quickscan', section, slide);

function content(response: unknown = quickscanResponse()): ContentClient {
  return { request: async <T,>() => response as T };
}

const location = () => screen.getByTestId('location').textContent;
const saved = () => screen.findByText('All answers saved');

// Each test is a new browser tab: a result finished in one is not shown again in the next.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** A scored question answered, so that the last slide may finish. */
const ANSWERED = { 'energy-tracking': 2 };

/** Each result starts with a scored answer (as a prefill would store it). */
const answeredBackend = () => createSurveyBackend(ANSWERED);

describe('the survey remote', () => {
  it('walks from the start page through a section start to the first slide, by keyboard', async () => {
    const api = createSurveyBackend();
    const response = quickscanResponse();
    response.survey.intro!.html += '<img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>';
    renderSurvey(START, createServices(api, content(response)));

    const title = await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' });
    expect(title).toHaveFocus();
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the Sustainability Quickscan' }),
    ).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByTitle('Welcome to the Sustainability Quickscan').tagName).toBe('IFRAME');
    const howItWorks = screen.getByAltText(
      'Three steps: answer the questions, see your score, choose actions',
    );
    expect(howItWorks).toHaveAttribute('width', '800');
    expect(api.callsTo(API.startResult)).toEqual([{ tenantId: 'demo-publisher', surveyId: 'quickscan' }]);

    // The title and intro show at once; Start waits for the result.
    (await screen.findByRole('button', { name: 'Start' })).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your business' })).toHaveFocus();
    expect(location()).toBe(paths.surveySection('demo-publisher', 'quickscan', 1));

    await userEvent.click(screen.getByRole('button', { name: 'Start this part' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Before you start' })).toHaveFocus();
    // An information slide is not counted as a question.
    expect(screen.getByText('Before question 1 of 39')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('leaves the focus alone on a fresh page load and moves it to the heading once the respondent acts', async () => {
    const activation = { hasBeenActive: false };
    Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true });
    try {
      renderSurvey(slideUrl(1, 1), createServices(createSurveyBackend(), content()));
      const first = await screen.findByRole('heading', { level: 1, name: 'Before you start' });
      expect(first).not.toHaveFocus();

      activation.hasBeenActive = true;
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'What is the name of your business?' }),
      ).toHaveFocus();
    } finally {
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('saves answers with increasing seqs as the respondent moves on', async () => {
    const api = createSurveyBackend();
    renderSurvey(slideUrl(1, 2), createServices(api, content()));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'What is the name of your business?' }),
    ).toHaveFocus();
    const name = screen.getByRole('textbox', { name: 'What is the name of your business?' });
    await userEvent.type(name, 'Leaf');
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const sector = await screen.findByRole('combobox', {
      name: 'Which sector best describes your business?',
    });
    await saved();
    expect(api.callsTo(API.saveAnswer)).toEqual([
      {
        tenantId: 'demo-publisher',
        surveyId: 'quickscan',
        resultId: 'result-1',
        questionId: 'company-name',
        answer: 'Leaf',
        // One save for the whole word; each keystroke counted as a change.
        seq: 4,
      },
    ]);

    await userEvent.selectOptions(sector, 'Retail');
    await userEvent.selectOptions(sector, 'Creative industries');
    await waitFor(() => expect(api.results.get('result-1')!.questions['industry-sector']).toBe('creative'));
    expect(api.results.get('result-1')!.seqs['industry-sector']).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('textbox', { name: 'What is the name of your business?' })).toHaveValue(
      'Leaf',
    );
  });

  it('shows a question before the result exists and saves an answer given meanwhile once it does', async () => {
    const api = createSurveyBackend();
    let release = () => {};
    api.gate(API.startResult, new Promise<void>((resolve) => (release = resolve)));
    renderSurvey(slideUrl(1, 3), createServices(api, content()));

    const sector = await screen.findByRole('combobox', {
      name: 'Which sector best describes your business?',
    });
    await userEvent.selectOptions(sector, 'Retail');
    expect(api.callsTo(API.saveAnswer)).toEqual([]);
    expect(
      JSON.parse(window.localStorage.getItem('toolkit:survey-early-answers:v1:demo-publisher/quickscan')!),
    ).toEqual({ 'industry-sector': 'retail' });

    release();
    await waitFor(() => expect(api.results.get('result-1')!.questions['industry-sector']).toBe('retail'));
    expect(sector).toHaveValue('retail');
    expect(
      window.localStorage.getItem('toolkit:survey-early-answers:v1:demo-publisher/quickscan'),
    ).toBeNull();
  });

  it('hands answers kept from a page closed before the result existed to the result', async () => {
    window.localStorage.setItem(
      'toolkit:survey-early-answers:v1:demo-publisher/quickscan',
      JSON.stringify({ 'company-name': 'Leaf' }),
    );
    const api = createSurveyBackend();
    renderSurvey(slideUrl(1, 2), createServices(api, content()));
    await waitFor(() => expect(api.results.get('result-1')!.questions['company-name']).toBe('Leaf'));
    expect(screen.getByRole('textbox', { name: 'What is the name of your business?' })).toHaveValue('Leaf');
  });

  it('sends the respondent, the company name and custom_ parameters of the query string as prefill', async () => {
    const api = createSurveyBackend();
    renderSurvey(
      `${START}?companyName=Green%20Leaf&custom_source=newsletter&firstName=Ana`,
      createServices(api, content()),
    );
    await screen.findByRole('button', { name: 'Start' });
    expect(api.callsTo(API.startResult)[0]).toEqual({
      tenantId: 'demo-publisher',
      surveyId: 'quickscan',
      prefill: {
        respondent: { firstName: 'Ana' },
        answers: { 'company-name': 'Green Leaf' },
        custom: { custom_source: 'newsletter' },
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start this part' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'What is the name of your business?' })).toHaveValue(
      'Green Leaf',
    );
    expect(location()).toContain('?companyName=Green%20Leaf&custom_source=newsletter&firstName=Ana');
  });

  it('shows its first screen before the session exists, then asks the shell for it and waits until the shell has settled it', async () => {
    const api = createSurveyBackend();
    const store = createAppStore({ storage: null });
    const services = { ...createServices(api, content()), requestSession: jest.fn() };
    renderSurvey(START, services, store);
    await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' });
    expect(screen.getByText('Getting your survey ready…')).toBeInTheDocument();
    await waitFor(() => expect(services.requestSession).toHaveBeenCalledTimes(1));
    expect(api.callsTo(API.startResult)).toEqual([]);

    // Firebase reports the anonymous session; the shell's guard has not confirmed it yet.
    act(() => {
      store.dispatch(
        authChanged({
          user: {
            uid: 'u',
            email: null,
            displayName: null,
            emailVerified: false,
            isAnonymous: true,
            tenantId: null,
          },
        }),
      );
    });
    expect(api.callsTo(API.startResult)).toEqual([]);

    act(() => {
      store.dispatch(sessionSettled());
    });
    await screen.findByRole('button', { name: 'Start' });
    expect(api.callsTo(API.startResult)).toHaveLength(1);
    expect(selectSurveyStatus(store.getState())).toBe(1);
    expect(services.requestSession).toHaveBeenCalledTimes(1);
  });

  it('shows the slide on its first render when the shell has already loaded the definition', async () => {
    const loaded = content();
    await loadSurveyDefinition(loaded, 'quickscan');
    const api = createSurveyBackend();
    renderSurvey(slideUrl(1, 1), createServices(api, loaded));
    // No waiting state in between: the heading is there synchronously.
    expect(screen.getByRole('heading', { level: 1, name: 'Before you start' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the survey…')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(API.startResult)).toHaveLength(1));
    await act(async () => undefined);
  });

  it('creates nothing for an empty survey id', async () => {
    const api = createSurveyBackend();
    renderSurvey('/survey/demo-publisher/%20', createServices(api, content()));
    expect(await screen.findByText("We couldn't find this survey")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows the content failure with a retry', async () => {
    const api = createSurveyBackend();
    let attempts = 0;
    const flaky: ContentClient = {
      request: async <T,>() => {
        attempts += 1;
        if (attempts === 1) throw new Error('Could not receive the data from content service!');
        return quickscanResponse() as T;
      },
    };
    renderSurvey(START, createServices(api, flaky));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not receive the data from content service!');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' }),
    ).toBeInTheDocument();
  });

  it('keeps answers on the device while offline and sends them when back online', async () => {
    const api = createSurveyBackend();
    failSaves(api, 'unavailable');
    const online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderSurvey(slideUrl(1, 4), createServices(api, content()));
      await userEvent.click(await screen.findByRole('radio', { name: '5 to 19' }));
      expect(
        await screen.findByText(
          'Offline: 1 answer kept on this device; they will be sent when you are back online',
        ),
      ).toBeInTheDocument();
      expect(JSON.parse(window.localStorage.getItem(outboxStorageKey('result-1'))!).entries).toEqual([
        { questionId: 'employee-count', answer: '5-19', seq: 1 },
      ]);

      failSaves(api, null);
      online.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await saved();
      expect(api.results.get('result-1')!.questions['employee-count']).toBe('5-19');
      expect(JSON.parse(window.localStorage.getItem(outboxStorageKey('result-1'))!).entries).toEqual([]);
    } finally {
      online.mockRestore();
    }
  });

  it('after a reload, resumes at the last slide with unsent answers in place and sends them', async () => {
    const api = createSurveyBackend();
    api.results.set('result-7', {
      questions: { 'business-description': 'Two cafés', 'energy-tracking': 1 },
      seqs: { 'business-description': 3, 'energy-tracking': 1 },
      isCompleted: false,
    });
    // The previous page had queued an answer it could not send, and was on the second energy slide.
    window.localStorage.setItem(
      outboxStorageKey('result-7'),
      JSON.stringify({
        entries: [{ questionId: 'energy-tracking', answer: 3, seq: 2 }],
        seqs: { 'energy-tracking': 2 },
      }),
    );
    window.localStorage.setItem(
      'toolkit:survey-position:v1:result-7',
      JSON.stringify({ sectionId: 2, slide: 1 }),
    );

    renderSurvey(`${START}?resultId=result-7`, createServices(api, content()));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    const slider = await screen.findByRole('slider', {
      name: 'How closely do you keep track of your energy use?',
    });
    expect(slider).toHaveValue('3');
    expect(location()).toBe(`${slideUrl(2, 1)}?resultId=result-7`);
    await saved();
    expect(api.results.get('result-7')!.questions['energy-tracking']).toBe(3);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('textbox', { name: /what does your business do/ })).toHaveValue(
      'Two cafés',
    );
  });

  it('leaves for the dashboard when saving is not permitted', async () => {
    const api = createSurveyBackend();
    failSaves(api, 'permission-denied');
    renderSurvey(slideUrl(1, 4), createServices(api, content()));
    await userEvent.click(await screen.findByRole('radio', { name: '1 to 4' }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(location()).toBe(paths.dashboard());
  });

  it('completes once after every answer is saved, then thanks the respondent', async () => {
    const api = answeredBackend();
    const store = anonymousStore();
    renderSurvey(slideUrl(6, 6), createServices(api, content()), store);

    const support = await screen.findByRole('textbox', {
      name: /Where would support from our programme help/,
    });
    let openNetwork = () => {};
    gateSaves(api, new Promise<void>((resolve) => (openNetwork = resolve)));
    await userEvent.type(support, 'Solar');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Finish' }));

    // The answer is still on its way: completion waits for it.
    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(api.callsTo(API.completeResult)).toEqual([]);
    openNetwork();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toHaveFocus();
    expect(api.calls.map((c) => c.name)).toEqual([API.startResult, API.saveAnswer, API.completeResult]);
    expect(api.results.get('result-1')!.questions['support-needed']).toBe('Solar');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'http://localhost:3000/dashboard/ready-reckoner',
    );
    expect(selectSurveyStatus(store.getState())).toBe(2);
  });

  it('asks kindly to wait when the server has received too many results, and completes on a retry', async () => {
    const api = answeredBackend();
    api.fail(
      API.completeResult,
      new CallableError('resource-exhausted', MESSAGES.tooManyResults, { hasServerMessage: true }),
    );
    renderSurvey(slideUrl(6, 6), createServices(api, content()));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't submit your answers");
    expect(alert).toHaveTextContent(`${MESSAGES.tooManyResults} Your answers are kept on this device.`);
    expect(alert).not.toHaveTextContent('resource-exhausted');

    api.fail(API.completeResult, null);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.completeResult)).toHaveLength(2);
  });

  it('in invite mode saves and submits through the journey API', async () => {
    const api = createSurveyBackend();
    api.results.set('invite-result', { questions: ANSWERED, seqs: {}, isCompleted: false });
    renderSurvey(
      `${slideUrl(6, 6)}?inviteId=invite-9&resultId=invite-result`,
      createServices(api, content()),
    );

    await userEvent.type(await screen.findByRole('textbox', { name: /Where would support/ }), 'Mentoring');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' });

    const ids = { tenantId: 'demo-publisher', surveyId: 'quickscan', surveyResultId: 'invite-result' };
    expect(api.callsTo(API.startResult)).toEqual([
      { tenantId: 'demo-publisher', surveyId: 'quickscan', resultId: 'invite-result' },
    ]);
    expect(api.callsTo(API.saveInviteAnswer)).toEqual([
      { ...ids, questionId: 'support-needed', answer: 'Mentoring', seq: 'Mentoring'.length },
    ]);
    expect(api.callsTo(API.submitInvite)).toEqual([{ ...ids, inviteId: 'invite-9' }]);
    expect(api.callsTo(API.saveAnswer)).toEqual([]);
    expect(api.callsTo(API.completeResult)).toEqual([]);
  });

  it('in invite mode thanks the respondent when the submit is refused as already submitted (its first answer was lost)', async () => {
    const api = createSurveyBackend();
    api.results.set('invite-result', { questions: ANSWERED, seqs: {}, isCompleted: false });
    api.fail(
      API.submitInvite,
      new CallableError('failed-precondition', 'This survey was already submitted.', {
        hasServerMessage: true,
      }),
    );
    renderSurvey(
      `${slideUrl(6, 6)}?inviteId=invite-9&resultId=invite-result`,
      createServices(api, content()),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you: your answers are in' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.submitInvite)).toHaveLength(1);
  });

  it('sends an unknown slide back to the start page, keeping the query string', async () => {
    renderSurvey(`${slideUrl(1, 99)}?resultId=x`, createServices(createSurveyBackend(), content()));
    await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' });
    expect(location()).toBe(`${START}?resultId=x`);
  });
});
