import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { Button, Card, ErrorPanel, Logo, PageTitle, Spinner, Stack, ThemeRoot, buildTheme } from './index';

function renderThemed(ui: ReactNode, branding?: Parameters<typeof buildTheme>[0]) {
  return render(<ThemeRoot branding={branding}>{ui}</ThemeRoot>);
}

describe('ThemeRoot', () => {
  it('provides the tenant theme and styles the body', () => {
    function Probe() {
      return <span>{useTheme().colors.primary}</span>;
    }
    renderThemed(<Probe />, { primaryColor: '#1565c0', textColor: '#222222' });
    expect(screen.getByText('#1565c0')).toBeInTheDocument();
    expect(getComputedStyle(document.body).color).toBe('rgb(34, 34, 34)');
  });

  it('uses a given theme over branding, and can leave the global style to the shell', () => {
    function Probe() {
      return <span>{useTheme().colors.primary}</span>;
    }
    const theme = buildTheme({ primaryColor: '#6a1b9a' });
    render(
      <ThemeRoot theme={theme} branding={{ primaryColor: '#000000' }} globalStyle={false}>
        <Probe />
      </ThemeRoot>,
    );
    expect(screen.getByText('#6a1b9a')).toBeInTheDocument();
  });
  it('gives keyboard users a visible focus ring and respects reduced motion', () => {
    renderThemed(<span />, { primaryColor: '#ffff00', tertiaryColor: '#ccffcc' });
    const css = Array.from(document.querySelectorAll('style'))
      .map((el) => el.textContent)
      .join('');
    // Pale primary and tertiary colours cannot be the ring; the readable text colour is used instead.
    expect(css).toMatch(/:focus-visible\{outline:3px solid #1b2e21;/);
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
    expect(css).toMatch(/\*,\s*\*::before,\s*\*::after\{box-sizing:border-box;\}/);
  });
});

describe('components', () => {
  it('Button is a real button with a touch-sized target and a safe default type', async () => {
    const onClick = jest.fn();
    renderThemed(
      <>
        <Button onClick={onClick}>Save</Button>
        <Button variant="secondary" disabled>
          Later
        </Button>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('type', 'button');
    const style = getComputedStyle(save);
    expect(style.minHeight).toBe('44px');
    expect(style.minWidth).toBe('44px');
    expect(style.color).toBe('rgb(255, 255, 255)');
    await userEvent.click(save);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled();
  });

  it('Card, PageTitle and Stack render their children', () => {
    renderThemed(
      <Card>
        <PageTitle>Results</PageTitle>
        <Stack gap={2} direction="row" data-testid="stack">
          <span>a</span>
          <span>b</span>
        </Stack>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Results' })).toBeInTheDocument();
    const stack = screen.getByTestId('stack');
    expect(getComputedStyle(stack).flexDirection).toBe('row');
    expect(getComputedStyle(stack).gap).toBe('8px');
  });

  it('Spinner announces its label', () => {
    renderThemed(<Spinner label="Loading your results" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your results');
  });

  it('ErrorPanel shows title and message, and retries when asked', async () => {
    const onRetry = jest.fn();
    renderThemed(
      <ErrorPanel
        title="We couldn't load the survey"
        message="Please check your connection."
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the survey");
    expect(alert).toHaveTextContent('Please check your connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('ErrorPanel without onRetry has no button', () => {
    renderThemed(<ErrorPanel message="Nope" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('Logo has alt text and a 60px height cap, and renders nothing without a logo', () => {
    const { container } = renderThemed(
      <>
        <Logo logo={{ url: '/acme.svg', title: 'Acme' }} />
        <Logo logo={{ url: '/b.svg' }} alt="Partner" />
        <Logo logo={null} />
      </>,
    );
    const acme = screen.getByRole('img', { name: 'Acme' });
    expect(acme).toHaveAttribute('src', '/acme.svg');
    expect(getComputedStyle(acme).maxHeight).toBe('60px');
    expect(screen.getByRole('img', { name: 'Partner' })).toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });

  it('Logo holds the place of a logo whose size is known', () => {
    renderThemed(<Logo logo={{ url: '/acme.svg', title: 'Acme', width: 240, height: 60 }} />);
    const acme = screen.getByRole('img', { name: 'Acme' });
    expect(acme).toHaveAttribute('width', '240');
    expect(acme).toHaveAttribute('height', '60');
  });

  it('Logo with a variant is one picture: the variant where its media matches, the logo elsewhere', () => {
    const { container } = renderThemed(
      <Logo
        logo={{ url: '/badge.svg', title: 'Programme', width: 48, height: 48 }}
        variant={{ logo: { url: '/full.svg', width: 200, height: 60 }, media: '(min-width: 600px)' }}
      />,
    );
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('media', '(min-width: 600px)');
    expect(source).toHaveAttribute('srcset', '/full.svg');
    expect(source).toHaveAttribute('width', '200');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Programme' })).toHaveAttribute('src', '/badge.svg');
  });
});
