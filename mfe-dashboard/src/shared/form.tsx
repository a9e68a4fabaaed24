import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { SaveState } from '@toolkit/ui/form';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The state every dashboard form shares: its values, its save state, and errors that show after
 * the first submit and then follow the typing. Editing after "saved" returns the status to idle.
 */
export function useForm<V extends Record<keyof V, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [save, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const errors: FieldErrors<V> = submitted ? validate(values) : {};

  // A field nobody has edited follows its stored value when that changes elsewhere (the live
  // profile); a field being edited keeps what was typed, so no input is ever lost.
  const edited = useRef(new Set<keyof V>());
  const latestInitial = useRef(initial);
  latestInitial.current = initial;
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    setValues((current) => {
      const next = { ...current };
      for (const name of Object.keys(latestInitial.current) as (keyof V)[]) {
        if (!edited.current.has(name)) next[name] = latestInitial.current[name];
      }
      return next;
    });
  }, [initialKey]);

  const setSave = useCallback((state: SaveState) => {
    // Once saved, what was typed is what is stored: the fields follow the store again.
    if (state.kind === 'saved') edited.current.clear();
    setSaveState(state);
  }, []);

  /** The change handler for one field; fits both TextField and SelectField. */
  const change =
    (name: keyof V) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      edited.current.add(name);
      setValues((current) => ({ ...current, [name]: value }));
      if (save.kind === 'saved') setSave({ kind: 'idle' });
    };

  return {
    values,
    save,
    setSave,
    change,
    /** `value`, `error` and `onChange` for a TextField. */
    field: (name: keyof V) => ({ value: values[name], error: errors[name], onChange: change(name) }),
    /** Shows the errors from now on; true when the values are valid. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(validate(values)).length === 0;
    },
    /** Back to the initial values, with errors hidden until the next submit. */
    reset: () => {
      edited.current.clear();
      setValues(initial);
      setSubmitted(false);
    },
  };
}
