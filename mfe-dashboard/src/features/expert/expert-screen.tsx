// Expert: a member asks the experts of their toolkit a question (topic, message, how to be
// contacted); the server mails the experts and a copy to the member, a few requests an hour.
import { useId } from 'react';
import styled from 'styled-components';
import { useRequestForm } from '@toolkit/data/form';
import { API, ESG_TOPIC_NAMES, ESG_TOPICS, EXPERT_MESSAGE_MAX, type ApiRequest } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SelectField, TextAreaField, TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { useRequestExpertMutation } from './expert-api';

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space[2]}px;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
  }
`;

const EMPTY: ApiRequest<typeof API.requestExpert> = { topic: 'CLIMATE', message: '', contact: 'email' };

const LABELS = { message: 'The message', phone: 'The phone number' };

export function ExpertScreen() {
  const headingId = useId();
  const form = useRequestForm(REQUESTS[API.requestExpert], { defaultValues: EMPTY, labels: LABELS });
  const [requestExpert, sent] = useRequestExpertMutation();
  const byPhone = form.watch('contact') === 'phone';

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await requestExpert(request).unwrap();
      form.reset(EMPTY, { keepDirtyValues: false });
    } catch (error) {
      form.showFailure(error, 'send your request');
    }
  });

  if (sent.isSuccess) {
    return (
      <Stack>
        <PageTitle>Ask an expert</PageTitle>
        <Card>
          <Stack gap={3}>
            <SectionHeading>Your request is on its way</SectionHeading>
            <p role="status">
              The toolkit&apos;s experts have your question and will contact you as you asked.
              {sent.data.to ? ` We sent a copy to ${sent.data.to}.` : ''}
            </p>
            <div>
              <Button type="button" variant="secondary" onClick={() => sent.reset()}>
                Ask another question
              </Button>
            </div>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const length = form.watch('message').trim().length;
  return (
    <Stack>
      <PageTitle>Ask an expert</PageTitle>
      <Card aria-labelledby={headingId}>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack gap={4}>
            <SectionHeading id={headingId}>What would you like help with?</SectionHeading>
            <MutedText>
              The sustainability experts of your toolkit answer questions about your results, your action plan
              or anything on your way. They usually reply within two working days.
            </MutedText>
            <SelectField label="Topic" {...form.field('topic')}>
              {ESG_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {ESG_TOPIC_NAMES[topic]}
                </option>
              ))}
              <option value="OTHER">Something else</option>
            </SelectField>
            <TextAreaField
              label="Your question"
              hint={`${length} of at most ${EXPERT_MESSAGE_MAX} characters.`}
              rows={6}
              maxLength={EXPERT_MESSAGE_MAX}
              {...form.field('message')}
            />
            <Choices>
              <legend>How should the expert contact you?</legend>
              <label>
                <input type="radio" value="email" {...form.register('contact')} />
                By e-mail
              </label>
              <label>
                <input type="radio" value="phone" {...form.register('contact')} />
                By phone
              </label>
            </Choices>
            {/* Left out of the request (and its checks) while e-mail is chosen. */}
            {byPhone && (
              <TextField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                {...form.field('phone')}
                {...form.register('phone', { shouldUnregister: true })}
              />
            )}
            <SubmitRow
              label="Send request"
              busy={form.formState.isSubmitting}
              failure={form.failure}
              done={false}
              saving="Sending…"
            />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
