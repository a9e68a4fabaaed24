// Who receives which notification of the organisation: addresses typed one per line (or separated
// by commas, semicolons or spaces), checked with saveAlerts' own schema before anything is sent.
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { useRequestForm } from '@toolkit/data/form';
import {
  ALERT_CONFIRMATION_DAYS,
  ALERT_KINDS,
  ALERT_LABELS,
  ALERT_RECIPIENTS_MAX,
  API,
  type AlertKind,
  type AlertRecipients,
  type ApiResponses,
} from '@toolkit/domain';
import { fieldProblem, REQUESTS } from '@toolkit/domain/requests';
import { Card, MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { TextAreaField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { useAlertsQuery } from '../../shared/api';
import { useSaveAlertsMutation } from './manage-api';

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

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
export const addressesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

const RECIPIENTS = REQUESTS[API.saveAlerts].shape;

/** One notification's addresses as typed: those the server would refuse are named, then the list's own rules. */
const typedRecipients = (kind: AlertKind) =>
  z.string().superRefine((text, context) => {
    const addresses = addressesOf(text);
    const wrong = addresses.filter((address) => fieldProblem(RECIPIENTS[kind].element, address) !== null);
    const problem =
      wrong.length > 0
        ? `${wrong.map((address) => `“${address}”`).join(', ')} ${
            wrong.length === 1 ? 'is not an e-mail address' : 'are not e-mail addresses'
          }.`
        : fieldProblem(RECIPIENTS[kind], addresses);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const ALERTS_FORM = z.object({
  newResult: typedRecipients('newResult'),
  newTeamMember: typedRecipients('newTeamMember'),
  expertRequest: typedRecipients('expertRequest'),
});

type AlertText = z.infer<typeof ALERTS_FORM>;

const asText = (alerts: AlertRecipients): AlertText =>
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, alerts[kind].join('\n')])) as AlertText;

function savedSummary(
  { alerts, pending }: ApiResponses[typeof API.saveAlerts],
  kinds: readonly AlertKind[],
): string {
  const parts = kinds.map((kind) => {
    const count = alerts[kind].length;
    return `${ALERT_LABELS[kind].title.toLowerCase()}: ${count === 0 ? 'nobody' : `${count} ${count === 1 ? 'address' : 'addresses'}`}`;
  });
  const waiting =
    pending.length === 0
      ? ''
      : ` ${pending.length} ${pending.length === 1 ? 'address waits' : 'addresses wait'} for confirmation.`;
  return `Saved. Notifications of ${parts.join('; ')}.${waiting}`;
}

/**
 * The notifications listed are `kinds`, those that can happen to the organisation (@toolkit/domain
 * alertKindsFor); the others are saved as they are stored.
 */
export function AlertsForm({
  loaded,
  kinds,
  loading = false,
}: {
  loaded: ApiResponses[typeof API.getAlerts];
  kinds: readonly AlertKind[];
  /** Shown empty and out of reach, in its final size, while the settings load. */
  loading?: boolean;
}) {
  const headingId = useId();
  // The settings as the store has them now, so what a save stored shows with its "Saved".
  const { data: { alerts, pending } = loaded } = useAlertsQuery();
  const stored = useMemo(() => asText(alerts), [alerts]);
  const form = useRequestForm(ALERTS_FORM, { values: stored });
  const [saveAlerts, saving] = useSaveAlertsMutation();

  const onSubmit = form.handleSubmit(async (typed) => {
    const request = Object.fromEntries(
      ALERT_KINDS.map((kind) => [kind, kinds.includes(kind) ? addressesOf(typed[kind]) : alerts[kind]]),
    ) as AlertRecipients;
    try {
      const answer = await saveAlerts(request).unwrap();
      // The fields show what the server stored (lower case, each address once).
      form.reset(asText(answer.alerts), { keepDirtyValues: false });
    } catch (error) {
      form.showFailure(error, 'save the notification settings');
    }
  });

  return (
    <Card aria-labelledby={headingId} aria-busy={loading || undefined}>
      {loading && <VisuallyHidden role="status">Loading the notification settings…</VisuallyHidden>}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        inert={loading}
        style={loading ? { opacity: 0.6 } : undefined}
        aria-hidden={loading || undefined}
      >
        <Stack gap={4}>
          <SectionHeading id={headingId}>Notifications</SectionHeading>
          <MutedText>
            Who receives which e-mail. Put one address per line, up to {ALERT_RECIPIENTS_MAX} for each. Your
            team members&apos; addresses receive them at once; any other address first gets an e-mail asking
            it to confirm.
          </MutedText>
          {kinds.map((kind) => (
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
          <SubmitRow
            label="Save notifications"
            busy={form.formState.isSubmitting}
            failure={form.failure}
            done={saving.isSuccess}
            saved={saving.data && savedSummary(saving.data, kinds)}
          />
        </Stack>
      </form>
    </Card>
  );
}
