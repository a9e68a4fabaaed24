import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import type { AnswerValue } from '@toolkit/domain';
import { defaultTheme } from '@toolkit/ui';
import type { Question } from '@toolkit/platform';
import { TYPING_DEBOUNCE_MS } from './comment-question';
import { QuestionView } from './question-view';
import { SLIDER_DEBOUNCE_MS } from './slider-question';

const base: Question = {
  id: 'q',
  title: 'Question title',
  helperText: null,
  type: 'comment',
  labels: [],
  scoreMin: 0,
  scoreMax: 10,
  scoreStep: 1,
  textLines: 1,
  information: null,
  multiple: false,
  options: [
    { id: 'a', label: 'Option A' },
    { id: 'b', label: 'Option B' },
    { id: 'c', label: 'Option C' },
  ],
};

/** Renders a question the way a slide does, keeping its answer, and records what it reports. */
function renderQuestion(overrides: Partial<Question>, initial?: AnswerValue) {
  const reported: { value: AnswerValue; options?: { delayMs?: number } }[] = [];
  function Harness() {
    const [value, setValue] = useState<AnswerValue | undefined>(initial);
    return (
      <QuestionView
        question={{ ...base, ...overrides }}
        value={value}
        onChange={(next, options) => {
          reported.push({ value: next, options });
          setValue(next);
        }}
        titleId="title-1"
        showTitle
      />
    );
  }
  render(
    <ThemeProvider theme={defaultTheme}>
      <Harness />
    </ThemeProvider>,
  );
  return reported;
}

describe('question types', () => {
  it('slider: a labelled range with its captions and the chosen value in words', async () => {
    const reported = renderQuestion({
      type: 'slider',
      title: 'How closely do you track energy?',
      labels: ['Not at all', 'Somewhat', 'Closely'],
      scoreMin: 0,
      scoreMax: 4,
      scoreStep: 1,
    });
    const slider = await screen.findByRole('slider', { name: 'How closely do you track energy?' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '4');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveAttribute('aria-valuetext', 'Not answered yet');
    expect(screen.getByText('Somewhat')).toBeVisible();

    fireEvent.change(slider, { target: { value: '3' } });

    expect(reported).toEqual([{ value: 3, options: { delayMs: SLIDER_DEBOUNCE_MS } }]);
    // The caption nearest to the value, never the value and a caption side by side ("3: Closely").
    expect(slider).toHaveAttribute('aria-valuetext', 'Closely');
    expect(screen.getByText('Your answer: Closely')).toBeInTheDocument();
  });

  it('comment: one line is a text field, more lines a textarea; typing is debounced', async () => {
    const reported = renderQuestion({
      type: 'comment',
      title: 'Business name',
      helperText: '<p>As trading</p>',
    });
    const field = screen.getByRole('textbox', { name: 'Business name' });
    expect(field.tagName).toBe('INPUT');
    await screen.findByText('As trading');
    expect(field).toHaveAccessibleDescription('As trading');

    await userEvent.type(field, 'Eco');
    expect(field).toHaveValue('Eco');
    expect(reported.at(-1)).toEqual({ value: 'Eco', options: { delayMs: TYPING_DEBOUNCE_MS } });
  });

  it('comment with textLines 4 is a textarea of 4 rows', () => {
    renderQuestion({ type: 'comment', title: 'Tell us more', textLines: 4 }, 'kept');
    const area = screen.getByRole('textbox', { name: 'Tell us more' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '4');
    expect(area).toHaveValue('kept');
  });

  it('content: shows sanitised information and asks nothing', async () => {
    renderQuestion({
      type: 'content',
      title: 'Before you start',
      information:
        '<p>Read <strong>this</strong></p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
    });
    expect(screen.getByRole('heading', { name: 'Before you start' })).toBeInTheDocument();
    expect((await screen.findByText('this')).tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')).not.toHaveAttribute('onerror');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('dropdown (single): a labelled select', async () => {
    const reported = renderQuestion({ type: 'dropdown', title: 'Sector' });
    const select = screen.getByRole('combobox', { name: 'Sector' });
    await userEvent.selectOptions(select, 'Option B');
    expect(reported).toEqual([{ value: 'b', options: undefined }]);
    await userEvent.selectOptions(select, 'Choose an answer');
    expect(reported.at(-1)?.value).toBeNull();
  });

  it('dropdown (multiple): a named group of checkboxes, answers kept in the definition order', async () => {
    const reported = renderQuestion({ type: 'dropdown', title: 'Measures', multiple: true });
    const group = screen.getByRole('group', { name: 'Measures' });
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Option C' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Option A' }));
    expect(reported.at(-1)?.value).toEqual(['a', 'c']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Option C' }));
    expect(reported.at(-1)?.value).toEqual(['a']);
  });

  it('multiple choice: a radio group answered by keyboard', async () => {
    const reported = renderQuestion({
      type: 'multipleChoice',
      title: 'Renewables',
      helperText: 'Include solar',
    });
    const group = screen.getByRole('radiogroup', { name: 'Renewables' });
    await screen.findByText('Include solar');
    expect(group).toHaveAccessibleDescription('Include solar');

    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Option A' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(reported.at(-1)?.value).toBe('a');
    await act(() => userEvent.keyboard('{ArrowDown}'));
    expect(screen.getByRole('radio', { name: 'Option B' })).toBeChecked();
    expect(reported.at(-1)?.value).toBe('b');
  });
});
