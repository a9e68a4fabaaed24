// The one form helper: react-hook-form checking the values with the zod schema the server checks
// the request with (from @toolkit/domain), and the server's words beside a field it refused.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { describeError } from './errors';
import { toQueryError } from './base-query';

/** A rule led by the field's label ("must be at most 100 characters"); a full sentence as it is. */
const worded = (label: string | undefined, problem: string) =>
  label && /^[a-z]/.test(problem) ? `${label} ${problem}.` : problem;

export interface RequestFormOptions<V extends FieldValues> {
  /** What the fields hold now (a stored profile): fields the person has not edited follow it. */
  values?: V;
  defaultValues?: V;
  /** Each field's label, to word the schema's rules ("First name must be at most 100 characters."). */
  labels?: Partial<Record<Path<V>, string>>;
}

/**
 * A form over the fields of a request schema. Errors show after the first submit and then follow
 * the typing; a field the person has edited keeps what they typed when `values` changes, so no
 * input is lost to a live update.
 */
export function useRequestForm<V extends FieldValues>(
  schema: z.ZodType<V, FieldValues>,
  { values, defaultValues, labels = {} }: RequestFormOptions<V> = {},
) {
  const checked = zodResolver(schema as never) as unknown as Resolver<V>;
  const resolver: Resolver<V> = async (input, context, options) => {
    const result = await checked(input, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      if (error && typeof error.message === 'string') {
        error.message = worded(labels[name as Path<V>], error.message);
      }
    }
    return result;
  };
  const form = useForm<V>({
    resolver,
    values,
    defaultValues: defaultValues as never,
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  /**
   * Shows a failed send: the server's words beside each field it refused; any other failure as the
   * form's own message (`doing` completes "We couldn't …").
   */
  function showFailure(error: unknown, doing: string) {
    const refused = toQueryError(error);
    const known = Object.entries(refused.fields).filter(([name]) => name in form.getValues());
    if (known.length > 0) {
      for (const [name, problem] of known) {
        form.setError(name as Path<V>, { type: 'server', message: worded(labels[name as Path<V>], problem) });
      }
      return;
    }
    form.setError('root.server', { type: 'server', message: describeError(error, doing) });
  }

  /** The props a labelled field of @toolkit/ui/form takes for `name` (nested names included). */
  const field = (name: Path<V>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });

  return Object.assign(form, {
    field,
    showFailure,
    /** The form-wide failure of the last send, if any. */
    failure: form.formState.errors.root?.server?.message,
  });
}
