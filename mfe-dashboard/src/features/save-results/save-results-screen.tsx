// Save results: where the owner of an address says whether results someone asked to save under it
// ("Save my results" on a survey's outro) are theirs. Each is named by its survey, when it was
// completed and the organisation its answers name, beside where it would go. Nothing joins the
// organisation until they confirm; "This isn't mine" discards the request.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { describeError, QueryView } from '@toolkit/data';
import { formatDate, paths, type ResultClaimSummary } from '@toolkit/domain';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import {
  useConfirmResultClaimMutation,
  useDeclineResultClaimMutation,
  useResultClaimsQuery,
} from './save-results-api';

const Facts = styled.dl`
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    overflow-wrap: anywhere;
  }
`;

const Outcome = styled.div`
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border-left: 6px solid ${({ theme }) => theme.colors.link};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
  &:empty {
    display: none;
  }
`;

function WaitingResult({
  claim,
  destination,
  onAnswered,
}: {
  claim: ResultClaimSummary;
  destination: string;
  onAnswered: (outcome: ReactNode) => void;
}) {
  const titleId = useId();
  const [confirm, confirming] = useConfirmResultClaimMutation();
  const [decline, declining] = useDeclineResultClaimMutation();
  const busy = confirming.isLoading || declining.isLoading;
  const failure = confirming.isError
    ? describeError(confirming.error, 'save these results')
    : declining.isError
      ? describeError(declining.error, 'discard the request')
      : null;

  const save = () =>
    void confirm(claim.claimId)
      .unwrap()
      .then(() =>
        onAnswered(
          <>
            Saved: your results of {claim.surveyTitle} are now in {destination}.{' '}
            <Link to={paths.results()}>See your results</Link>
          </>,
        ),
      )
      .catch(() => undefined);
  const discard = () =>
    void decline(claim.claimId)
      .unwrap()
      .then(() =>
        onAnswered(
          <>
            Discarded: the results of {claim.surveyTitle} were not saved to {destination}, and the request to
            save them under your address is gone.
          </>,
        ),
      )
      .catch(() => undefined);

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={3}>
        <SectionHeading $size="medium" id={titleId}>
          {claim.surveyTitle}
        </SectionHeading>
        <Facts>
          <dt>Completed</dt>
          <dd>{claim.completedAt ? formatDate(claim.completedAt) : 'Date not known'}</dd>
          {claim.organisationName && (
            <>
              <dt>Organisation named in the answers</dt>
              <dd>{claim.organisationName}</dd>
            </>
          )}
          <dt>To be saved to</dt>
          <dd>{destination}</dd>
        </Facts>
        <Actions>
          <Button disabled={busy} onClick={save}>
            Save to {destination}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={discard}>
            This isn’t mine
          </Button>
          <SaveProgress busy={busy} failure={failure} done={false} saving="Working…" />
        </Actions>
      </Stack>
    </Card>
  );
}

export function SaveResultsScreen() {
  const claims = useResultClaimsQuery();
  const [outcome, setOutcome] = useState<ReactNode>(null);
  return (
    <Stack>
      <PageTitle>Save your results</PageTitle>
      <MutedText>
        Someone asked to save these survey results under your e-mail address. Save them only if you answered
        the survey; if you did not, choose “This isn’t mine” and they are not saved.
      </MutedText>
      <Outcome role="status">{outcome}</Outcome>
      <QueryView
        query={claims}
        doing="load the results waiting for you"
        isEmpty={(answer) => answer.claims.length === 0}
        empty={
          outcome
            ? 'No other results are waiting for you.'
            : 'No results are waiting to be saved under your address.'
        }
      >
        {(answer) => (
          <Stack gap={3}>
            {answer.claims.map((claim) => (
              <WaitingResult
                key={claim.claimId}
                claim={claim}
                destination={answer.organisationName || 'your organisation'}
                onAnswered={setOutcome}
              />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
