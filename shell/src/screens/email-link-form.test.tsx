import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { SERVER_ERRORS } from '@toolkit/domain';
import { buildTheme } from '@toolkit/ui';
import { EmailLinkForm } from './email-link-form';

function renderForm(onSubmit: (email: string) => Promise<string | null>) {
  const successMessage = (email: string) => `We sent a link to ${email}.`;
  render(
    <ThemeProvider theme={buildTheme()}>
      <EmailLinkForm submitLabel="Send link" onSubmit={onSubmit} successMessage={successMessage} />
    </ThemeProvider>,
  );
  return { user: userEvent.setup(), input: screen.getByLabelText('E-mail address') };
}

describe('EmailLinkForm', () => {
  it('rejects an invalid address without calling onSubmit', async () => {
    const onSubmit = jest.fn(() => Promise.resolve(null));
    const { user, input } = renderForm(onSubmit);
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('Enter a valid e-mail address, like name@example.com.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects an address the server refuses, though it looks like one', async () => {
    const onSubmit = jest.fn(() => Promise.resolve(null));
    const { user, input } = renderForm(onSubmit);
    await user.type(input, 'name@example.c');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(SERVER_ERRORS.invalidEmail)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed address and shows the success message', async () => {
    const onSubmit = jest.fn((_email: string) => Promise.resolve(null));
    const { user, input } = renderForm(onSubmit);
    await user.type(input, '  ann@example.com  ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('We sent a link to ann@example.com.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('ann@example.com');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the failure message onSubmit resolves to', async () => {
    const onSubmit = jest.fn((_email: string) => Promise.resolve('Too many attempts, try again later.'));
    const { user, input } = renderForm(onSubmit);
    await user.type(input, 'ann@example.com{Enter}');
    expect(await screen.findByText('Too many attempts, try again later.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('ann@example.com');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeEnabled();
  });
});
