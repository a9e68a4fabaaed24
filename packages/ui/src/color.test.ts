import { contrastRatio, normalizeColor, parseColor, readableTextOn, relativeLuminance } from './color';

describe('parseColor / normalizeColor', () => {
  it.each([
    ['#fff', '#ffffff'],
    ['#2E7D32', '#2e7d32'],
    ['  #abc ', '#aabbcc'],
    ['rgb(46, 125, 50)', '#2e7d32'],
    ['rgba(0,0,0,1)', '#000000'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeColor(input)).toBe(expected);
  });

  it.each([
    'red',
    '#ggg',
    '#12345',
    '#11223344',
    'rgb(300, 0, 0)',
    'rgba(0, 0, 0, 0.5)',
    'url(javascript:alert(1))',
    '',
    undefined,
    null,
    42,
  ])('rejects %p', (input) => {
    expect(parseColor(input)).toBeNull();
  });
});

describe('WCAG contrast', () => {
  it('gives the luminance extremes', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 10);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
    ['#767676', '#ffffff', 4.54],
    ['#ff0000', '#ffffff', 4.0],
    ['#0000ff', '#ffffff', 8.59],
    ['#00ff00', '#000000', 15.3],
  ])('%s on %s is %f:1', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });

  it('is symmetric', () => {
    expect(contrastRatio('#2e7d32', '#f7faf5')).toBe(contrastRatio('#f7faf5', '#2e7d32'));
  });

  it('throws on something that is not a colour', () => {
    expect(() => contrastRatio('banana', '#fff')).toThrow('Not a colour');
  });

  it.each([
    ['#ffffff', '#000000'],
    ['#ffeb3b', '#000000'],
    ['#1b2e21', '#ffffff'],
    ['#0000ff', '#ffffff'],
  ])('picks readable text on %s', (bg, expected) => {
    expect(readableTextOn(bg)).toBe(expected);
  });

  it('always reaches 4.5:1 with black or white, even on the hardest mid-grey', () => {
    for (let v = 0; v <= 255; v += 1) {
      const hex = '#' + v.toString(16).padStart(2, '0').repeat(3);
      expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
