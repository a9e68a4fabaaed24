import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notice, ThemeRoot } from './index';

describe('Notice', () => {
  it('says its words in a status region and goes when dismissed', async () => {
    render(
      <ThemeRoot>
        <Notice>We couldn't find that page, so you are on your dashboard.</Notice>
      </ThemeRoot>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We couldn't find that page, so you are on your dashboard.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
  });
});
