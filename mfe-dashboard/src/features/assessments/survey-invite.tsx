// "Invite someone to answer": an invitation to answer one survey for the organisation, worded as
// such (Users invites team members). Only those who manage users may invite, as the server checks.
import { useId, useState } from 'react';
import { useRequestForm } from '@toolkit/data/form';
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { Actions, TextField } from '@toolkit/ui/form';
import { SaveProgress } from '@toolkit/ui/save-progress';
import type { ToolkitSurvey } from '../../shared/api';
import { useInviteToAnswerMutation } from './assessments-api';

const INVITE = REQUESTS[API.createInvite].pick({ email: true });
const NO_INVITE = { email: '' };

export function SurveyInvite({ survey }: { survey: ToolkitSurvey }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = useRequestForm(INVITE, { defaultValues: NO_INVITE, labels: { email: 'E-mail address' } });
  const [invite, sent] = useInviteToAnswerMutation();
  const sending = form.formState.isSubmitting;

  const sentText = ({ status, email }: ApiResponses[typeof API.createInvite]) =>
    status === 'already-sent'
      ? `We e-mailed ${email} a few minutes ago, so we did not send the invitation again.`
      : `Invitation to answer the ${survey.title} sent to ${email}.`;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await invite({ email, surveyId: survey.id }).unwrap();
      form.reset(NO_INVITE, { keepDirtyValues: false });
    } catch (error) {
      form.showFailure(error, 'send the invitation');
    }
  });

  return (
    <Stack gap={3}>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((shown) => !shown)}
        style={{ alignSelf: 'flex-start' }}
      >
        Invite someone to answer the {survey.title}
      </Button>
      {open && (
        <form
          id={formId}
          aria-label={`Invite someone to answer the ${survey.title}`}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
        >
          <Stack gap={3}>
            <MutedText>
              We e-mail them an invitation to answer the {survey.title} for your organisation. Accepting makes
              them a user of your organisation and opens the survey; the link works once, for them only.
            </MutedText>
            <TextField label="E-mail address" type="email" autoComplete="off" {...form.field('email')} />
            <Actions>
              <Button type="submit" disabled={sending}>
                {sending ? 'Sending invitation…' : 'Send invitation'}
              </Button>
              <SaveProgress
                busy={sending}
                failure={form.failure}
                done={sent.isSuccess}
                saving=""
                saved={sent.data && sentText(sent.data)}
              />
            </Actions>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
