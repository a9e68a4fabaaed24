import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  min-width: 0;
`;

const Label = styled.label`
  font-weight: 600;
`;

const controlStyles = `
  font: inherit;
  width: 100%;
  box-sizing: border-box;
`;

const Input = styled.input`
  ${controlStyles}
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Select = styled.select`
  ${controlStyles}
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

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.9rem;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input
        id={id}
        aria-invalid={error ? true : false}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldBox>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  children: ReactNode;
}

export function SelectField({ label, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...select}>
        {children}
      </Select>
    </FieldBox>
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

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const StatusText = styled.p<{ $failed: boolean }>`
  margin: 0;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.text)};
  font-weight: ${({ $failed }) => ($failed ? 600 : 400)};
`;

/** "Saving…", "Saved" or the failure, in a live region so screen-reader users hear the outcome. */
export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? 'Saving…'
      : state.kind === 'saved'
        ? 'Saved'
        : state.kind === 'failed'
          ? state.message
          : '';
  return (
    <StatusText role="status" $failed={state.kind === 'failed'}>
      {text}
    </StatusText>
  );
}
