// Expert: a member asks the experts of their toolkit a question (topic, message, how to be
// contacted); the server mails the experts and a copy to the member, a few requests an hour.
import { useId, useState } from 'react';
import styled from 'styled-components';
import { API, ESG_TOPIC_NAMES, ESG_TOPICS, EXPERT_MESSAGE_MAX, type ExpertTopic } from '@toolkit/domain';
import { fieldMessage, REQUESTS } from '@toolkit/domain/requests';
import { callApi } from '@toolkit/platform';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { describeError } from '../../shared/errors';
import { Actions, SaveStatus, SelectField, TextAreaField, TextField } from '@toolkit/ui/form';
import { useForm, type FieldErrors } from '../../shared/form';
import { useServices } from '../../shared/services';

const Heading = styled.h2`
  margin: 0;
`;

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

interface Request {
  topic: string;
  message: string;
  contact: string;
  phone: string;
}

const EMPTY: Request = { topic: 'CLIMATE', message: '', contact: 'email', phone: '' };

const FIELDS = REQUESTS[API.requestExpert].shape;

function validate(values: Request): FieldErrors<Request> {
  const errors: FieldErrors<Request> = {};
  const message = fieldMessage('The message', FIELDS.message, values.message);
  if (message) errors.message = message;
  const phone = values.contact === 'phone' && fieldMessage('The phone number', FIELDS.phone, values.phone);
  if (phone) errors.phone = phone;
  return errors;
}

export function ExpertScreen() {
  const { callable } = useServices();
  const headingId = useId();
  const form = useForm<Request>(EMPTY, validate);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send() {
    if (!form.submit()) return;
    form.setSave({ kind: 'saving' });
    try {
      const { message, contact, phone } = form.values;
      const answer = await callApi(callable, API.requestExpert, {
        topic: form.values.topic as ExpertTopic,
        message: message.trim(),
        contact: contact as 'email' | 'phone',
        ...(contact === 'phone' ? { phone: phone.trim() } : {}),
      });
      form.setSave({ kind: 'idle' });
      form.reset();
      setSentTo(answer.to);
    } catch (error) {
      form.setSave({ kind: 'failed', message: describeError(error, 'send your request') });
    }
  }

  if (sentTo !== null) {
    return (
      <Stack>
        <PageTitle>Ask an expert</PageTitle>
        <Card>
          <Stack gap={3}>
            <Heading>Your request is on its way</Heading>
            <p role="status">
              The toolkit&apos;s experts have your question and will contact you as you asked.
              {sentTo ? ` We sent a copy to ${sentTo}.` : ''}
            </p>
            <div>
              <Button type="button" variant="secondary" onClick={() => setSentTo(null)}>
                Ask another question
              </Button>
            </div>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const length = form.values.message.trim().length;
  return (
    <Stack>
      <PageTitle>Ask an expert</PageTitle>
      <Card aria-labelledby={headingId}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap={4}>
            <Heading id={headingId}>What would you like help with?</Heading>
            <MutedText>
              The sustainability experts of your toolkit answer questions about your results, your action plan
              or anything on your way. They usually reply within two working days.
            </MutedText>
            <SelectField label="Topic" value={form.values.topic} onChange={form.change('topic')}>
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
                <input
                  type="radio"
                  name="contact"
                  value="email"
                  checked={form.values.contact === 'email'}
                  onChange={form.change('contact')}
                />
                By e-mail
              </label>
              <label>
                <input
                  type="radio"
                  name="contact"
                  value="phone"
                  checked={form.values.contact === 'phone'}
                  onChange={form.change('contact')}
                />
                By phone
              </label>
            </Choices>
            {form.values.contact === 'phone' && (
              <TextField label="Phone number" type="tel" autoComplete="tel" {...form.field('phone')} />
            )}
            <Actions>
              <Button type="submit" disabled={form.save.kind === 'saving'}>
                Send request
              </Button>
              <SaveStatus state={form.save} saving="Sending…" />
            </Actions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
