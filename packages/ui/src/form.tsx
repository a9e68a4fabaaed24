// The design system's form controls: labelled fields whose hint and error are tied to them. A subpath
// of @toolkit/ui, so only the apps with forms bundle it; the save status is @toolkit/ui/save-progress.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { ErrorText } from './components/error-text';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  min-width: 0;
`;

const Label = styled.label`
  font-weight: 600;
`;

/* Inputs, text areas and selects look alike; selects never show an invalid state. */
export const controlStyles = css`
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Input = styled.input`
  ${controlStyles}
  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
`;

const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
`;

const Select = styled.select`
  ${controlStyles}
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.9rem;
`;

/** What every labelled control shows around it. */
interface Described {
  label: string;
  hint?: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
}

interface ControlTie {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** The label, hint and error around a control, tied to it for screen readers. */
function Labelled({ label, hint, error, control }: Described & { control: (tie: ControlTie) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {control({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {error && (
        <ErrorText as="span" id={errorId}>
          {error}
        </ErrorText>
      )}
    </FieldBox>
  );
}

type FieldProps = Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, ...input }: FieldProps) {
  return (
    <Labelled label={label} hint={hint} error={error} control={(tie) => <Input {...tie} {...input} />} />
  );
}

type TextAreaFieldProps = Described & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled text area, with its hint and error tied to it like TextField's. */
export function TextAreaField({ label, hint, error, ...area }: TextAreaFieldProps) {
  return (
    <Labelled label={label} hint={hint} error={error} control={(tie) => <TextArea {...tie} {...area} />} />
  );
}

type SelectFieldProps = Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { children: ReactNode };

/** A labelled select; an error is told under it, the select itself keeps its look. */
export function SelectField({ label, hint, error, children, ...select }: SelectFieldProps) {
  return (
    <Labelled
      label={label}
      hint={hint}
      error={error}
      control={(tie) => (
        <Select {...tie} {...select}>
          {children}
        </Select>
      )}
    />
  );
}

export const FieldGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
`;
