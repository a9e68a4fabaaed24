import { screen } from '@testing-library/react';
import { paths } from '@toolkit/domain';
import type { ContentClient } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { createServices, createSurveyBackend, renderSurvey } from '../../testing/fake-api';

const content: ContentClient = { request: async <T,>() => quickscanResponse() as T };

// Each test is a new browser tab: a result finished in one is not shown again in the next.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('a section start page', () => {
  // The Quickscan's parts: "Your business" opens with an information slide (6 slides, 5 questions);
  // "Energy and emissions" has a group of three (6 slides, 8 questions).
  it.each([
    [1, 'Your business', '5 questions in this part.'],
    [2, 'Energy and emissions', '8 questions in this part.'],
  ])('counts the questions of part %i as the caption does', async (section, title, count) => {
    renderSurvey(
      paths.surveySection('demo-publisher', 'quickscan', section),
      createServices(createSurveyBackend(), content),
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(count)).toBeInTheDocument();
  });
});
