// An owner hands ownership to a member: a confirmation naming what changes, then an offer the
// member accepts or declines (ownership-offer.tsx). While an offer stands no second one is made.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { TenantUserProfile } from '@toolkit/domain';
import { Button, buttonStyles, type ButtonVariant } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { progressOf } from '../../shared/mutation-progress';
import { displayName } from './members';
import { useOfferOwnershipMutation, useOwnershipOfferQuery } from '../../shared/ownership-api';

const ConfirmBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
`;

const ToggleButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

export function TransferOwnership({ member }: { member: TenantUserProfile }) {
  const name = displayName(member);
  const { offerStands } = useOwnershipOfferQuery(undefined, {
    // A withdrawn offer is only news: it keeps no one from making a new one.
    selectFromResult: ({ data }) => ({ offerStands: Boolean(data?.offer && !data.offer.withdrawn) }),
  });
  const [offer, offering] = useOfferOwnershipMutation();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    requestAnimationFrame(() => toggle.current?.focus());
  };
  const send = () => {
    close();
    void offer({ uid: member.uid })
      .unwrap()
      .catch(() => undefined);
  };

  return (
    <>
      <Actions>
        <ToggleButton
          ref={toggle}
          type="button"
          $variant="secondary"
          aria-expanded={confirming}
          disabled={offerStands || offering.isLoading}
          onClick={() => {
            offering.reset();
            setConfirming(true);
          }}
        >
          Transfer ownership
        </ToggleButton>
        <SaveProgress
          {...progressOf(offering, `offer ownership to ${name}`)}
          saving="Working…"
          saved={`Ownership offered to ${name}. We e-mailed them; nothing changes until they accept.`}
        />
      </Actions>
      {confirming && (
        <ConfirmBox role="group" aria-label={`Confirm transferring ownership to ${name}`}>
          <p style={{ margin: 0 }}>
            Offer ownership to {name}? If they accept, {name} becomes the owner — managing billing, giving any
            role and able to delete the organisation — and you become an admin: you keep managing users and
            settings, but no longer billing. Nothing changes until they accept, and you can cancel the offer
            until then.
          </p>
          <Actions>
            <ToggleButton type="button" $variant="primary" ref={confirmButton} onClick={send}>
              Yes, offer ownership
            </ToggleButton>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
          </Actions>
        </ConfirmBox>
      )}
    </>
  );
}
