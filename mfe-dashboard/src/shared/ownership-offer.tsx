// The standing ownership offer: the member it is made to accepts or declines it, and is then told what
// that did; whoever manages users sees it, and the owner who made it may cancel it. An offer withdrawn
// because its member's role changed says so on Users. Refusals show the server's words.
import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { describeError, LoadError } from '@toolkit/data';
import { formatDate, type OwnershipOffer, type OwnershipOfferWithdrawal } from '@toolkit/domain';
import { selectUid, useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { progressOf } from './mutation-progress';
import {
  useCancelOwnershipOfferMutation,
  useOwnershipAnswer,
  useOwnershipOfferQuery,
  type OwnershipAnswer,
} from './ownership-api';

const OfferCard = styled(Card)`
  border-left: 6px solid ${({ theme }) => theme.colors.link};
`;

/** The member offered ownership answers it: accepting makes them owner and the offering owner admin. */
function AnswerOffer({ offer }: { offer: OwnershipOffer }) {
  const titleId = useId();
  const { accept, accepting, decline, declining } = useOwnershipAnswer();
  const busy = accepting.isLoading || declining.isLoading;
  const failure = accepting.isError
    ? describeError(accepting.error, 'make you the owner')
    : declining.isError
      ? describeError(declining.error, 'decline the offer')
      : null;
  return (
    <OfferCard aria-labelledby={titleId}>
      <Stack gap={2}>
        <SectionHeading id={titleId}>{offer.from.name} offers you ownership</SectionHeading>
        <p style={{ margin: 0 }}>
          If you accept, you become the organisation’s owner: you manage billing, give any role and may delete
          the organisation. {offer.from.name} becomes an admin. The offer stands until{' '}
          {formatDate(offer.expiresAt)}.
        </p>
        <Actions>
          <Button
            disabled={busy}
            onClick={() =>
              void accept(offer)
                .unwrap()
                .catch(() => undefined)
            }
          >
            Accept ownership
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void decline(offer)
                .unwrap()
                .catch(() => undefined)
            }
          >
            Decline
          </Button>
        </Actions>
        <SaveProgress busy={busy} failure={failure} done={false} saving="Working…" />
      </Stack>
    </OfferCard>
  );
}

/** What answering the offer did, said where the offer was until the person dismisses it. */
function Answered({ answered, onDismiss }: { answered: OwnershipAnswer; onDismiss: () => void }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button pressed has gone with the offer: the person is taken to what it did.
  useEffect(() => headingRef.current?.focus(), []);
  const owner = answered.offer.from.name;
  return (
    <OfferCard aria-labelledby={titleId}>
      <Stack gap={2}>
        <SectionHeading id={titleId} ref={headingRef} tabIndex={-1}>
          {answered.answer === 'accepted' ? 'You are now the owner' : 'You declined the ownership offer'}
        </SectionHeading>
        <p role="status" style={{ margin: 0 }}>
          {answered.answer === 'accepted'
            ? `You own the organisation now: you manage billing, give any role and may delete the organisation. ${owner} is an admin.`
            : `Nothing changed: ${owner} is still the owner, and your role is as it was.`}
        </p>
        <Actions>
          <Button variant="secondary" onClick={onDismiss}>
            Dismiss
          </Button>
        </Actions>
      </Stack>
    </OfferCard>
  );
}

const WITHDRAWN_BECAUSE: Record<OwnershipOfferWithdrawal, string> = {
  roleChanged: 'their role was changed',
  roleRemoved: 'their role was removed',
};

/** What became of the offer, in words: waiting for its member, or withdrawn and why. */
function OfferStatus({ offer, uid }: { offer: OwnershipOffer; uid: string | null }) {
  const maker = offer.from.uid === uid ? 'You' : offer.from.name;
  if (offer.withdrawn) {
    return (
      <MutedText>
        {maker} offered it on {formatDate(offer.offeredAt)}. It was withdrawn on{' '}
        {formatDate(offer.withdrawn.at)} because {WITHDRAWN_BECAUSE[offer.withdrawn.reason]}, and{' '}
        {offer.to.name} was told by e-mail. Nothing changed hands; an owner can offer ownership again.
      </MutedText>
    );
  }
  return (
    <MutedText>
      {maker} offered it on {formatDate(offer.offeredAt)}. Nothing changes until {offer.to.name} accepts; the
      offer stands until {formatDate(offer.expiresAt)}.
    </MutedText>
  );
}

/**
 * An offer made to someone else, as those who manage users see it; its maker may cancel it, or
 * clear it once withdrawn.
 */
function PendingOffer({ offer, uid }: { offer: OwnershipOffer; uid: string | null }) {
  const titleId = useId();
  const [cancel, cancelling] = useCancelOwnershipOfferMutation();
  return (
    <OfferCard aria-labelledby={titleId}>
      <Stack gap={2}>
        <SectionHeading id={titleId}>
          {offer.withdrawn
            ? `Ownership offer to ${offer.to.name} withdrawn`
            : `Ownership offered to ${offer.to.name}`}
        </SectionHeading>
        <OfferStatus offer={offer} uid={uid} />
        {offer.from.uid === uid && (
          <Actions>
            <Button
              variant="secondary"
              disabled={cancelling.isLoading}
              onClick={() =>
                void cancel(null)
                  .unwrap()
                  .catch(() => undefined)
              }
            >
              {offer.withdrawn ? 'Dismiss' : 'Cancel the offer'}
            </Button>
          </Actions>
        )}
        <SaveProgress {...progressOf(cancelling, 'cancel the offer')} done={false} saving="Working…" />
      </Stack>
    </OfferCard>
  );
}

/** Users: the standing offer, answered by its member or shown to those who manage users. */
export function OwnershipOfferPanel() {
  const uid = useAppSelector(selectUid);
  const query = useOwnershipOfferQuery();
  const { answered, dismiss } = useOwnershipAnswer();
  if (answered) return <Answered answered={answered} onDismiss={dismiss} />;
  if (query.isError) {
    return (
      <LoadError error={query.error} doing="load the ownership offer" onRetry={() => void query.refetch()} />
    );
  }
  const offer = query.data?.offer;
  if (!offer) return null;
  return offer.to.uid === uid && !offer.withdrawn ? (
    <AnswerOffer offer={offer} />
  ) : (
    <PendingOffer offer={offer} uid={uid} />
  );
}

/**
 * The dashboard's first page: the offer for the member it is made to, who may not open Users. Said
 * nothing while it cannot be read: the page has its own content, and Users says why.
 */
export function OwnershipOfferNotice() {
  const uid = useAppSelector(selectUid);
  const { data } = useOwnershipOfferQuery();
  const { answered, dismiss } = useOwnershipAnswer();
  if (answered) return <Answered answered={answered} onDismiss={dismiss} />;
  return data?.offer && data.offer.to.uid === uid && !data.offer.withdrawn ? (
    <AnswerOffer offer={data.offer} />
  ) : null;
}
