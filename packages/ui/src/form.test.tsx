import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { buildTheme } from './theme';
import { SelectField, TextAreaField, TextField } from './form';

const themed = (ui: React.ReactElement) => render(<ThemeProvider theme={buildTheme()}>{ui}</ThemeProvider>);

describe('labelled form controls', () => {
  it('tie the hint and the error to the control, and mark it invalid only with an error', () => {
    themed(
      <>
        <TextField
          label="E-mail address"
          hint="Where the invite goes"
          error="Enter a valid e-mail address."
        />
        <TextAreaField label="Message" hint="A few words" />
        <SelectField label="Role" error="Choose a role.">
          <option>Member</option>
        </SelectField>
      </>,
    );
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAccessibleDescription('Where the invite goes Enter a valid e-mail address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAccessibleDescription('A few words');
    expect(message).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription('Choose a role.');
  });
});
