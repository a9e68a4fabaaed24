import { sliderAnswerText, sliderCaption } from './slider';

const energy = {
  labels: [
    'We don’t track it',
    'We glance at the bills',
    'We review bills monthly',
    'We meter and review usage',
    'We meter, set targets and act on them',
  ],
  scoreMin: 0,
  scoreMax: 4,
};
const waste = { labels: ['0%', '25%', '50%', '75%', '100%'], scoreMin: 0, scoreMax: 100 };
const training = { labels: ['None', '20 hours', '40 hours or more'], scoreMin: 0, scoreMax: 40 };
const volunteering = { labels: ['None', '50', '100+'], scoreMin: 0, scoreMax: 100 };
const threeOnFive = { labels: ['Not at all', 'Somewhat', 'Closely'], scoreMin: 0, scoreMax: 4 };

describe('a slider answer in words', () => {
  it.each([
    [energy, 2, 'We review bills monthly'],
    [energy, 4, 'We meter, set targets and act on them'],
    [waste, 15, '15%'],
    [waste, 25, '25%'],
    [training, 15, '15 hours'],
    [training, 0, 'None'],
    [training, 40, '40 hours or more'],
    [volunteering, 30, '30'],
    [volunteering, 100, '100+'],
    [threeOnFive, 3, 'Closely'],
    [threeOnFive, 1, 'Somewhat'],
    [{ labels: null, scoreMin: 0, scoreMax: 10 }, 7, '7'],
    [{ labels: ['Only'], scoreMin: 0, scoreMax: 10 }, 7, 'Only'],
  ])('%o at %d reads "%s"', (scale, value, words) => {
    expect(sliderAnswerText(scale, value)).toBe(words);
    expect(sliderAnswerText(scale, value)).not.toMatch(/^\d+: /);
  });

  it('captions spread evenly from scoreMin to scoreMax, the nearest one for a value', () => {
    const scale = { labels: ['low', 'mid', 'high'], scoreMin: 0, scoreMax: 10 };
    expect([0, 2, 3, 5, 7, 8, 10].map((value) => sliderCaption(scale, value))).toEqual([
      'low',
      'low',
      'mid',
      'mid',
      'mid',
      'high',
      'high',
    ]);
    expect(sliderCaption({ labels: [], scoreMin: 0, scoreMax: 1 }, 1)).toBeNull();
  });
});
