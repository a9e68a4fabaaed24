import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { createServices, createSurveyBackend, renderSurvey } from './testing/fake-api';

const START = paths.survey('demo-publisher', 'quickscan');
const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };
const location = () => screen.getByTestId('location').textContent;

// Each test is a new browser tab: a result finished in one is not shown again in the next.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('a section or slide the survey does not have', () => {
  it.each([
    ['section', paths.surveySection('demo-publisher', 'quickscan', 99)],
    ['section', paths.surveySlide('demo-publisher', 'quickscan', 99, 1)],
    ['slide', paths.surveySlide('demo-publisher', 'quickscan', 1, 99)],
  ])('leads to the start, which says that the %s was not found (%s)', async (what, path) => {
    renderSurvey(`${path}?resultId=x`, createServices(createSurveyBackend(), content));
    await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' });
    expect(location()).toBe(`${START}?resultId=x`);
    const words = `We couldn't find that ${what}, so you are at the start of the survey.`;
    expect((await screen.findByText(words)).closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
  });

  it('says nothing on a start page opened directly', async () => {
    renderSurvey(START, createServices(createSurveyBackend(), content));
    await screen.findByRole('heading', { level: 1, name: 'Sustainability Quickscan' });
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
  });
});
