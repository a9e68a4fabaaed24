import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import type { ResultScore } from '@toolkit/domain';
import { ScoreChart } from './score-chart';
import { defaultTheme } from './theme';

const score: ResultScore = {
  overall: { points: 42.5, max: 100, percent: 42.5 },
  sections: [
    { sectionIndex: 1, title: 'Energy', points: 3, max: 4, percent: 75, weight: 1 },
    { sectionIndex: 0, title: 'About you', points: 0, max: 0, percent: 0, weight: 0 },
  ],
  band: { label: 'Developing', description: null },
};

describe('ScoreChart', () => {
  it('names every area and its score, overall first, sections in survey order', () => {
    render(
      <ThemeProvider theme={defaultTheme}>
        <ScoreChart score={score} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Bar chart of your scores out of 100%. Overall: 42.5%; About you: not scored; Energy: 75%.',
    );
  });

  it('writes each area’s words as text above its bar, which wraps on a phone, not as SVG text', () => {
    const { container } = render(
      <ThemeProvider theme={defaultTheme}>
        <ScoreChart
          score={{
            ...score,
            sections: [{ ...score.sections[0]!, title: 'Energy, emissions and the buildings you run' }],
          }}
        />
      </ThemeProvider>,
    );
    expect(container.querySelectorAll('svg text')).toHaveLength(0);
    expect(Array.from(container.querySelectorAll('span'), (label) => label.textContent)).toEqual([
      'Overall: 42.5%',
      'Energy, emissions and the buildings you run: 75%',
    ]);
  });
});
