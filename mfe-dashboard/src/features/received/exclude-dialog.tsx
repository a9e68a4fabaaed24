// Asks why a result is excluded (a test, junk) before taking it out of every aggregate; the reason
// goes to the audit with who excluded it.
import { useEffect, useId, useRef } from 'react';
import { z } from 'zod';
import { useRequestForm } from '@toolkit/data/form';
import { API, type ReceivedResultRow } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions, TextAreaField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useSetResultExcludedMutation } from './received-api';
import { nameOf } from './results-table';

/** The reason as setResultExcluded checks it, required here since this form always excludes. */
const REASON_FORM = z.object({ reason: REQUESTS[API.setResultExcluded].shape.reason.unwrap() });

export function ExcludeDialog({
  surveyId,
  row,
  onDone,
}: {
  surveyId: string;
  row: ReceivedResultRow;
  /** `excluded`: the result was excluded (false: the person cancelled). */
  onDone: (excluded: boolean) => void;
}) {
  const headingId = useId();
  const form = useRequestForm(REASON_FORM, {
    defaultValues: { reason: '' },
    labels: { reason: 'The reason' },
  });
  const [exclude, excluding] = useSetResultExcludedMutation();
  const reason = form.field('reason');
  const boxRef = useRef<HTMLElement>(null);

  // The person's attention goes where the question is.
  useEffect(() => {
    boxRef.current?.querySelector('textarea')?.focus();
  }, []);

  const submit = form.handleSubmit(async ({ reason: why }) => {
    try {
      await exclude({ surveyId, resultId: row.resultId, excluded: true, reason: why }).unwrap();
      onDone(true);
    } catch (error) {
      form.showFailure(error, 'exclude the result');
    }
  });

  return (
    <Card
      ref={boxRef}
      role="dialog"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(false);
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={3}>
          <SectionHeading id={headingId}>Exclude the result of {nameOf(row)}?</SectionHeading>
          <MutedText>
            An excluded result (a test, or junk) leaves every count, score and benchmark. It stays listed
            under Excluded, where it can be included again.
          </MutedText>
          <TextAreaField label="Reason" rows={2} required {...reason} />
          {form.failure && <ErrorText role="alert">{form.failure}</ErrorText>}
          <Actions>
            <Button type="submit" disabled={excluding.isLoading}>
              {excluding.isLoading ? 'Excluding…' : 'Exclude result'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => onDone(false)}>
              Cancel
            </Button>
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}
