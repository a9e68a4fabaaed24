import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { DeletionLinkConfirm, DeletionLinkRequest } from './components/deletion-link';
import { ErrorText } from './components/error-text';
import { SaveProgress, SubmitRow } from './components/save-progress';
import { SectionHeading } from './components/section-heading';
import { ThemeRoot, buildTheme } from './index';

const theme = buildTheme();

function renderThemed(ui: ReactNode) {
  return render(<ThemeRoot theme={theme}>{ui}</ThemeRoot>);
}

describe('SectionHeading', () => {
  it('is an h2, or an h3 a level down, without the browser margins', () => {
    renderThemed(
      <>
        <SectionHeading>Your results</SectionHeading>
        <SectionHeading as="h3">By topic</SectionHeading>
      </>,
    );
    const section = screen.getByRole('heading', { level: 2, name: 'Your results' });
    expect(getComputedStyle(section).margin).toBe('0px');
    expect(getComputedStyle(section).overflowWrap).toBe('anywhere');
    expect(screen.getByRole('heading', { level: 3, name: 'By topic' }).tagName).toBe('H3');
  });

  it("keeps the level's size unless asked for a smaller one", () => {
    renderThemed(
      <>
        <SectionHeading>Plain</SectionHeading>
        <SectionHeading $size="medium">Medium</SectionHeading>
        <SectionHeading as="h3" $size="small">
          Small
        </SectionHeading>
      </>,
    );
    expect(getComputedStyle(screen.getByRole('heading', { name: 'Plain' })).fontSize).toBe('1.5em');
    expect(getComputedStyle(screen.getByRole('heading', { name: 'Medium' })).fontSize).toBe('1.25rem');
    expect(getComputedStyle(screen.getByRole('heading', { name: 'Small' })).fontSize).toBe('1.1rem');
  });

  it('passes on an id, a ref and focusability, so a screen can name a region by it or move focus to it', () => {
    const ref = createRef<HTMLHeadingElement>();
    renderThemed(
      <section aria-labelledby="plan-title">
        <SectionHeading id="plan-title" ref={ref} tabIndex={-1}>
          Your plan
        </SectionHeading>
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Your plan' })).toBeInTheDocument();
    ref.current?.focus();
    expect(screen.getByRole('heading', { name: 'Your plan' })).toHaveFocus();
  });
});

describe('ErrorText', () => {
  it('says the error in bold danger colour, as an alert where the screen asks for one', () => {
    renderThemed(<ErrorText role="alert">We couldn't make the PDF. Please try again.</ErrorText>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't make the PDF. Please try again.");
    expect(alert.tagName).toBe('P');
    const style = getComputedStyle(alert);
    expect(style.color).toBe('rgb(179, 38, 30)');
    expect(style.fontWeight).toBe('600');
    expect(style.margin).toBe('0px');
  });

  it('can sit inside a line as a span', () => {
    renderThemed(<ErrorText as="span">Enter a name</ErrorText>);
    expect(screen.getByText('Enter a name').tagName).toBe('SPAN');
  });
});

describe('SaveProgress', () => {
  it('says nothing before a save, then "Saving…", then "Saved", in one status region', () => {
    const { rerender } = renderThemed(<SaveProgress busy={false} done={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    rerender(
      <ThemeRoot theme={theme}>
        <SaveProgress busy done={false} />
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    rerender(
      <ThemeRoot theme={theme}>
        <SaveProgress busy={false} done />
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('tells a failure over an earlier success, in the danger colour', () => {
    renderThemed(<SaveProgress busy={false} done failure="We couldn't save your brand." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent("We couldn't save your brand.");
    expect(getComputedStyle(status).color).toBe('rgb(179, 38, 30)');
  });

  it('takes other words where the action is not a save', () => {
    renderThemed(<SaveProgress busy done={false} saving="Sending…" saved="Sent" />);
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
  });

  it('SubmitRow rests its submit button while the save runs', () => {
    renderThemed(
      <form>
        <SubmitRow label="Save name" busy done={false} />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save name' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
  });
});

describe('DeletionLinkRequest', () => {
  const props = {
    heading: 'Delete your account',
    what: 'Deleting your account removes your profile.',
    linkHours: 24,
    action: 'Delete my account',
    subject: 'your account',
  };

  it('as a group, says what goes and how long the link works, and asks for it', async () => {
    const onRequest = jest.fn();
    renderThemed(
      <DeletionLinkRequest
        {...props}
        frame="group"
        onRequest={onRequest}
        progress={{ busy: false, done: false }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Delete your account' });
    expect(screen.getByRole('heading', { level: 3, name: 'Delete your account' })).toBeVisible();
    expect(group).toHaveTextContent('Deleting your account removes your profile.');
    expect(group).toHaveTextContent('We e-mail you a link to confirm; it works for 24 hours.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('says "Sending…" with its button resting, then where the link went', () => {
    const { rerender } = renderThemed(
      <DeletionLinkRequest
        {...props}
        frame="danger-card"
        onRequest={jest.fn()}
        progress={{ busy: true, done: false }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Delete your account' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Delete your account' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
    rerender(
      <ThemeRoot theme={theme}>
        <DeletionLinkRequest
          {...props}
          frame="danger-card"
          onRequest={jest.fn()}
          progress={{ busy: false, done: true }}
          sentTo="olivia@example.com"
        />
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "We've e-mailed a link to olivia@example.com. Open it to delete your account; until then nothing changes.",
    );
  });
});

describe('DeletionLinkConfirm', () => {
  const props = {
    heading: 'Delete the organisation?',
    what: 'Every member loses access. You cannot undo it.',
    confirm: 'Delete the organisation permanently',
    keep: 'Keep the organisation',
  };

  it('deletes only on its button, and can be left without deleting', async () => {
    const onConfirm = jest.fn();
    const onKeep = jest.fn();
    renderThemed(
      <DeletionLinkConfirm
        {...props}
        frame="card"
        onConfirm={onConfirm}
        onKeep={onKeep}
        progress={{ busy: false, done: false }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Delete the organisation?' })).toHaveTextContent(
      'Every member loses access. You cannot undo it.',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the organisation' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the organisation permanently' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says "Deleting…", then what was deleted, with no way back offered', () => {
    const { rerender } = renderThemed(
      <DeletionLinkConfirm
        {...props}
        frame="danger-card"
        onConfirm={jest.fn()}
        onKeep={jest.fn()}
        progress={{ busy: true, done: false }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete the organisation permanently' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Deleting…');
    rerender(
      <ThemeRoot theme={theme}>
        <DeletionLinkConfirm
          {...props}
          frame="danger-card"
          onConfirm={jest.fn()}
          onKeep={jest.fn()}
          progress={{ busy: false, done: true }}
          deleted="The organisation is deleted. Signing you out…"
        />
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('The organisation is deleted. Signing you out…');
    expect(screen.getByRole('button', { name: 'Delete the organisation permanently' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Keep the organisation' })).toBeNull();
  });

  it('says why the server refused the link', () => {
    renderThemed(
      <DeletionLinkConfirm
        {...props}
        frame="card"
        onConfirm={jest.fn()}
        onKeep={jest.fn()}
        progress={{
          busy: false,
          done: false,
          failure: 'We couldn\u2019t delete the organisation: the link expired.',
        }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('the link expired.');
  });
});
