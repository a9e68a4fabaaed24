import { useId } from 'react';
import { isPermissionDenied } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import {
  ADVANCED_ROLES,
  API,
  FREE_MEMBER_LIMIT,
  planUnlocking,
  type ApiResponses,
  type Role,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions, SelectField, TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { ROLE_LABEL, rolesFor, type Setting } from './roles';
import { useCreateInviteMutation } from './users-api';

// A team invite names no survey: it asks to join the organisation (Assessments invites to answer one).
const INVITE = REQUESTS[API.createInvite].pick({ email: true, role: true });
const NO_INVITE = { email: '', role: 'user' as Role };

const sentText = ({ status, email }: ApiResponses[typeof API.createInvite]) =>
  status === 'already-sent'
    ? `We e-mailed ${email} a few minutes ago, so we did not send the invite again.`
    : `Invite sent to ${email}. They join once they accept it from their e-mail.`;

export function InviteForm({
  setting,
  availableRoles,
  onDenied,
}: {
  setting: Setting;
  availableRoles: Role[];
  /** The server refused for lack of rights. */
  onDenied: () => void;
}) {
  const titleId = useId();
  const form = useRequestForm(INVITE, { defaultValues: NO_INVITE, labels: { email: 'E-mail address' } });
  const [createInvite, invite] = useCreateInviteMutation();
  const invitable = rolesFor(setting, availableRoles, 'invite', { uid: null, role: null });
  const sending = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ email, role }) => {
    try {
      await createInvite({ email, role }).unwrap();
      form.reset(NO_INVITE, { keepDirtyValues: false });
    } catch (error) {
      if (isPermissionDenied(error)) onDenied();
      form.showFailure(error, 'create the invite');
    }
  });

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <SectionHeading id={titleId}>Invite a team member</SectionHeading>
          <MutedText>
            We e-mail them an invitation to join your organisation on this dashboard. They join with the role
            you choose once they accept; the link works once, for them only.
          </MutedText>
          <TextField label="E-mail address" type="email" autoComplete="off" {...form.field('email')} />
          <SelectField label="Role" {...form.field('role')}>
            {invitable.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABEL[role]}
              </option>
            ))}
          </SelectField>
          {!invitable.some((role) => ADVANCED_ROLES.includes(role)) && (
            <MutedText>
              The {ADVANCED_ROLES.map((role) => ROLE_LABEL[role].toLowerCase()).join(', ')} roles and teams of
              more than {FREE_MEMBER_LIMIT} come with the {planUnlocking('advanced-user-roles').name} plan.
            </MutedText>
          )}
          <Actions>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending invite…' : 'Send invite'}
            </Button>
            {/* The button already says the invite is being sent. */}
            <SaveProgress
              busy={sending}
              failure={form.failure}
              done={invite.isSuccess}
              saving=""
              saved={invite.data && sentText(invite.data)}
            />
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}
