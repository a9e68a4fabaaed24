// Manage (settings, billing or edit-insights): who receives which notification of the organisation,
// and where its details and plan are kept.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  ALERT_CONFIRMATION_DAYS,
  ALERT_KINDS,
  ALERT_LABELS,
  ALERT_RECIPIENTS_MAX,
  API,
  hasPermission,
  paths,
  type AlertKind,
  type AlertRecipients,
} from '@toolkit/domain';
import { fieldProblem, REQUESTS } from '@toolkit/domain/requests';
import { callApi } from '@toolkit/platform';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { useAlerts } from '../../shared/api';
import { describeError } from '../../shared/errors';
import { Actions, SaveStatus, TextAreaField } from '@toolkit/ui/form';
import { useForm, type FieldErrors } from '../../shared/form';
import { Loaded } from '../../shared/loading';
import { useServices } from '../../shared/services';
import { BrandCard } from './brand-card';

const Heading = styled.h2`
  margin: 0;
`;

const PendingList = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
`;

/** The listed addresses outside the organisation that have not opened their confirmation link. */
function Pending({ pending }: { pending: string[] }) {
  const headingId = useId();
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap={2}>
        <strong id={headingId}>Waiting for confirmation</strong>
        <MutedText>
          We e-mailed these addresses a link to confirm. They receive no notification until they open it
          (within {ALERT_CONFIRMATION_DAYS} days; saving again after that sends a new link).
        </MutedText>
        <PendingList>
          {pending.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </PendingList>
      </Stack>
    </section>
  );
}

type AlertText = Record<AlertKind, string>;

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
export const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

function validate(values: AlertText): FieldErrors<AlertText> {
  const errors: FieldErrors<AlertText> = {};
  for (const kind of ALERT_KINDS) {
    const addresses = addressesOf(values[kind]);
    const recipients = REQUESTS[API.saveAlerts].shape[kind];
    const wrong = addresses.filter((address) => fieldProblem(recipients.element, address) !== null);
    if (wrong.length > 0) {
      errors[kind] = `${wrong.map((address) => `“${address}”`).join(', ')} ${
        wrong.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'
      }.`;
    } else {
      const problem = fieldProblem(recipients, addresses);
      if (problem) errors[kind] = problem;
    }
  }
  return errors;
}

const asText = (alerts: AlertRecipients): AlertText =>
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, alerts[kind].join('\n')])) as AlertText;

function savedSummary(alerts: AlertRecipients, pending: string[]): string {
  const parts = ALERT_KINDS.map((kind) => {
    const count = alerts[kind].length;
    return `${ALERT_LABELS[kind].title.toLowerCase()}: ${count === 0 ? 'nobody' : `${count} ${count === 1 ? 'address' : 'addresses'}`}`;
  });
  const waiting =
    pending.length === 0
      ? ''
      : ` ${pending.length} ${pending.length === 1 ? 'address waits' : 'addresses wait'} for confirmation.`;
  return `Saved. Notifications of ${parts.join('; ')}.${waiting}`;
}

function AlertsForm({ alerts, pending: loadedPending }: { alerts: AlertRecipients; pending: string[] }) {
  const { callable } = useServices();
  const headingId = useId();
  // What the server stored (lower case, each address once): the fields show it after a save.
  const [stored, setStored] = useState(alerts);
  const [pending, setPending] = useState(loadedPending);
  const form = useForm<AlertText>(asText(stored), validate);
  // The confirmation names what the server stored, known once it answers.
  const [savedText, setSavedText] = useState('Saved.');

  async function save() {
    if (!form.submit()) return;
    form.setSave({ kind: 'saving' });
    try {
      const request = Object.fromEntries(
        ALERT_KINDS.map((kind) => [kind, addressesOf(form.values[kind])]),
      ) as AlertRecipients;
      const answer = await callApi(callable, API.saveAlerts, request);
      form.setSave({ kind: 'saved' });
      setStored(answer.alerts);
      setPending(answer.pending);
      setSavedText(savedSummary(answer.alerts, answer.pending));
    } catch (error) {
      form.setSave({ kind: 'failed', message: describeError(error, 'save the notification settings') });
    }
  }
  return (
    <Card aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap={4}>
          <Heading id={headingId}>Notifications</Heading>
          <MutedText>
            Who receives which e-mail. Put one address per line, up to {ALERT_RECIPIENTS_MAX} for each. Your
            team members&apos; addresses receive them at once; any other address first gets an e-mail asking
            it to confirm.
          </MutedText>
          {ALERT_KINDS.map((kind) => (
            <TextAreaField
              key={kind}
              label={ALERT_LABELS[kind].title}
              hint={ALERT_LABELS[kind].help}
              rows={3}
              autoComplete="email"
              spellCheck={false}
              {...form.field(kind)}
            />
          ))}
          <Pending pending={pending} />
          <Actions>
            <Button type="submit" disabled={form.save.kind === 'saving'}>
              Save notifications
            </Button>
            <SaveStatus state={form.save} saved={savedText} />
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}

export function ManageScreen() {
  const [resource, reload] = useAlerts();
  const claims = useAppSelector((state) => state.auth.claims);
  return (
    <Stack>
      <PageTitle>Manage</PageTitle>
      <Loaded resource={resource} doing="load the notification settings" onRetry={reload}>
        {({ alerts, pending }) => <AlertsForm alerts={alerts} pending={pending} />}
      </Loaded>
      <BrandCard />
      <Card>
        <Stack gap={3}>
          <Heading>Organisation</Heading>
          <MutedText>
            Your organisation&apos;s name, industry, size and country are kept on your{' '}
            <Link to={paths.profile()}>Profile</Link>; your team and their roles on{' '}
            <Link to={paths.users()}>Users</Link>.
          </MutedText>
        </Stack>
      </Card>
      {hasPermission(claims, 'manageBilling') && (
        <Card>
          <Stack gap={3}>
            <Heading>Plan</Heading>
            <MutedText>
              See your plan and change it on <Link to={paths.plans()}>Plans</Link>.
            </MutedText>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
