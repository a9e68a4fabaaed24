import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, SERVER_ERRORS } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

function setup() {
  const api = createFakeApi({
    [API.requestExpert]: () => ({ status: 'sent', requestId: 'q1', to: 'ana@example.com' }),
  });
  renderDashboard('/dashboard/expert', api, { claims: { role: 'viewer', tenantId: 'tenant-1' } });
  return { api, user: userEvent.setup() };
}

describe('Expert screen', () => {
  it('sends a question by topic with how to be contacted, then confirms it', async () => {
    const { api, user } = setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Topic' }), 'PEOPLE');
    await user.type(
      screen.getByRole('textbox', { name: 'Your question' }),
      'How do we write a staff wellbeing policy?',
    );
    await user.click(screen.getByRole('radio', { name: 'By phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+61 2 5550 1234');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Your request is on its way' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a copy to ana@example.com.');
    expect(api.callsTo(API.requestExpert)).toEqual([
      {
        topic: 'PEOPLE',
        message: 'How do we write a staff wellbeing policy?',
        contact: 'phone',
        phone: '+61 2 5550 1234',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Ask another question' }));
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('');
  });

  it('asks for a longer question and a phone number before sending anything', async () => {
    const { api, user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Help?');
    await user.click(screen.getByRole('radio', { name: 'By phone' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('Tell the expert a little more: at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Give a phone number of digits, spaces, +, ( ) or -.')).toBeInTheDocument();
    expect(api.callsTo(API.requestExpert)).toEqual([]);
  });

  it('refuses a phone number and a question the server refuses, though they pass a first look', async () => {
    const { api, user } = setup();
    const question = await screen.findByRole('textbox', { name: 'Your question' });
    await user.click(question);
    await user.paste('Where do we start\u0007 with energy?');
    await user.click(screen.getByRole('radio', { name: 'By phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('The message must not contain control characters.')).toBeInTheDocument();
    expect(screen.getByText('The phone number must be at most 30 characters.')).toBeInTheDocument();
    expect(api.callsTo(API.requestExpert)).toEqual([]);
  });

  it('passes on the kind limit message and keeps the question', async () => {
    const { api, user } = setup();
    api.handlers.set(API.requestExpert, () =>
      serverError('resource-exhausted', SERVER_ERRORS.tooManyExpertRequests),
    );
    const question = await screen.findByRole('textbox', { name: 'Your question' });
    await user.type(question, 'Where do we start with energy?');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(new RegExp(SERVER_ERRORS.tooManyExpertRequests.slice(0, 40))),
    ).toBeInTheDocument();
    expect(question).toHaveValue('Where do we start with energy?');
  });
});
