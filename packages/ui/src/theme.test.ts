import { contrastRatio } from './color';
import { buildFontStack, buildTheme, DEFAULT_COLORS, SYSTEM_FONT_STACK, type AppTheme } from './theme';

function expectReadable(theme: AppTheme) {
  const c = theme.colors;
  const pairs: [string, string][] = [
    [c.onPrimary, c.primary],
    [c.onSecondary, c.secondary],
    [c.onTertiary, c.tertiary],
    [c.onQuaternary, c.quaternary],
    [c.onDanger, c.danger],
    [c.text, c.background],
    [c.text, c.surface],
    [c.mutedText, c.background],
    [c.mutedText, c.surface],
    [c.link, c.background],
    [c.link, c.surface],
  ];
  for (const [fg, bg] of pairs) expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(c.focus, c.background)).toBeGreaterThanOrEqual(3);
  expect(contrastRatio(c.focus, c.surface)).toBeGreaterThanOrEqual(3);
}

describe('buildTheme', () => {
  it('gives the default green palette without branding', () => {
    for (const theme of [buildTheme(), buildTheme(null), buildTheme({})]) {
      expect(theme.colors.primary).toBe(DEFAULT_COLORS.primary);
      expect(theme.colors.text).toBe(DEFAULT_COLORS.text);
      expect(theme.fonts.body).toBe(SYSTEM_FONT_STACK);
      expect(theme.logos).toEqual({ primary: null, secondary: null, mobileSecondary: null });
      expectReadable(theme);
    }
  });

  it('applies tenant colours, normalised', () => {
    const theme = buildTheme({
      primaryColor: '#1565C0',
      secondaryColor: '#FFC107',
      tertiaryColor: 'rgb(106, 27, 154)',
      quaternaryColor: '#eee',
      textColor: '#222',
    });
    expect(theme.colors).toMatchObject({
      primary: '#1565c0',
      onPrimary: '#ffffff',
      secondary: '#ffc107',
      onSecondary: '#000000',
      tertiary: '#6a1b9a',
      onTertiary: '#ffffff',
      quaternary: '#eeeeee',
      onQuaternary: '#000000',
      text: '#222222',
      link: '#1565c0',
    });
    expectReadable(theme);
  });

  it('replaces a tenant text colour that is unreadable on the page', () => {
    const theme = buildTheme({ textColor: '#dddddd' });
    expect(theme.colors.text).toBe(DEFAULT_COLORS.text);
    // #777 is just below 4.5:1 on white
    expect(buildTheme({ textColor: '#777777' }).colors.text).toBe(DEFAULT_COLORS.text);
    expect(buildTheme({ textColor: '#595959' }).colors.text).toBe('#595959');
  });

  it('keeps links and focus rings readable when the tenant primary is pale', () => {
    const theme = buildTheme({ primaryColor: '#ffff00', tertiaryColor: '#ccffcc' });
    expect(theme.colors.primary).toBe('#ffff00');
    expect(theme.colors.onPrimary).toBe('#000000');
    expect(theme.colors.link).toBe(theme.colors.text);
    expect(theme.colors.focus).toBe(theme.colors.text);
    expectReadable(theme);
  });

  it('falls back to the tertiary colour for links when only the primary is pale', () => {
    const theme = buildTheme({ primaryColor: '#ffff00', tertiaryColor: '#004d40' });
    expect(theme.colors.link).toBe('#004d40');
    expect(theme.colors.focus).toBe('#004d40');
  });

  it.each(['not-a-colour', '#12', 'rgba(0,0,0,0.2)', 'red; background: url(x)', ''])(
    'ignores the invalid colour %p',
    (bad) => {
      const theme = buildTheme({
        primaryColor: bad,
        secondaryColor: bad,
        tertiaryColor: bad,
        quaternaryColor: bad,
        textColor: bad,
      });
      expect(theme.colors).toEqual(buildTheme().colors);
    },
  );

  it('survives values of the wrong type from the CMS', () => {
    const branding = { primaryColor: 12, font: {}, primaryLogo: 'x.png' } as never;
    expect(buildTheme(branding).colors.primary).toBe(DEFAULT_COLORS.primary);
    expect(buildTheme(branding).fonts.body).toBe(SYSTEM_FONT_STACK);
    expect(buildTheme(branding).logos.primary).toBeNull();
  });

  it('takes logos with a url, keeping the title for alt text', () => {
    const theme = buildTheme({
      primaryLogo: { url: 'https://cdn.example/logo.svg', title: 'Acme' },
      secondaryLogo: { url: '' },
      mobileSecondaryLogo: { url: '/m.png' },
    });
    expect(theme.logos).toEqual({
      primary: { url: 'https://cdn.example/logo.svg', title: 'Acme' },
      secondary: null,
      mobileSecondary: { url: '/m.png' },
    });
  });

  it("keeps a logo's size only when both sides are positive numbers", () => {
    const theme = buildTheme({
      primaryLogo: { url: '/a.svg', width: 240, height: 60 },
      secondaryLogo: { url: '/b.svg', width: 200 } as never,
      mobileSecondaryLogo: { url: '/c.svg', width: 0, height: '48' } as never,
    });
    expect(theme.logos).toEqual({
      primary: { url: '/a.svg', width: 240, height: 60 },
      secondary: { url: '/b.svg' },
      mobileSecondary: { url: '/c.svg' },
    });
  });
});

describe('buildFontStack', () => {
  it.each([
    [undefined, SYSTEM_FONT_STACK],
    ['', SYSTEM_FONT_STACK],
    ['Montserrat', `"Montserrat", ${SYSTEM_FONT_STACK}`],
    ["'Open Sans', Sans-Serif", `"Open Sans", sans-serif, ${SYSTEM_FONT_STACK}`],
    ['Inter; } body { display:none', SYSTEM_FONT_STACK],
    ['Lato, </style>', `"Lato", ${SYSTEM_FONT_STACK}`],
  ])('%p becomes a safe stack', (font, expected) => {
    expect(buildFontStack(font)).toBe(expected);
  });
});
