// One member of the team: their role, changed or removed (after a confirmation) where the caller
// may; the list shows the new role once the server has it.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { isPermissionDenied } from '@toolkit/data';
import type { Role, TenantUserProfile } from '@toolkit/domain';
import { Button, buttonStyles, MutedText, type ButtonVariant } from '@toolkit/ui';
import { Actions, SelectField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { progressOf } from '../../shared/mutation-progress';
import { MemberItem } from './member-list';
import { displayName } from './members';
import { ROLE_LABEL, rolesFor, type Setting } from './roles';
import { TransferOwnership } from './transfer-ownership';
import { useRemoveUserRoleMutation, useSetUserRoleMutation, useTeamQuery } from './users-api';

const ConfirmBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
`;

const RowButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

export function MemberRow({
  member: listed,
  isSelf,
  setting,
  availableRoles,
  onDenied,
}: {
  member: TenantUserProfile;
  isSelf: boolean;
  setting: Setting;
  availableRoles: readonly Role[];
  /** The server refused for lack of rights. */
  onDenied: () => void;
}) {
  // The member as the store has them now, so a role the server has just set shows in the same
  // render as its "Saved".
  const { stored } = useTeamQuery(undefined, {
    selectFromResult: ({ data }) => ({ stored: data?.users.find((user) => user.uid === listed.uid) }),
  });
  const member = stored ?? listed;
  const [chosen, setChosen] = useState<Role | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [setUserRole, change] = useSetUserRoleMutation();
  const [removeUserRole, removal] = useRemoveUserRoleMutation();
  const row = useRef<HTMLLIElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const name = displayName(member);
  const role = chosen ?? member.role;
  const busy = change.isLoading || removal.isLoading;
  // A member whose role the caller may not change (e.g. an owner, seen by an admin) is shown, not
  // editable; nor is the caller, who would lock themselves out.
  const target = { uid: member.uid, role: member.role };
  const allowed = rolesFor(setting, availableRoles, 'change', target);
  const removable = member.role !== 'user' && rolesFor(setting, ['user'], 'remove', target).includes('user');
  const manageable = !isSelf && (allowed.some((option) => option !== member.role) || removable);
  const options = allowed.includes(member.role) ? allowed : [member.role, ...allowed];
  // Only an owner hands ownership over, and only to a member who is not one already.
  const transferable = !isSelf && setting.actor.role === 'owner' && member.role !== 'owner';
  // Each request clears the other's outcome, so the status speaks of the latest.
  const latest = removal.isUninitialized
    ? { request: change, doing: `change ${name}’s role` }
    : { request: removal, doing: `remove ${name}’s role` };

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  // Focus returns to the row's controls when the confirmation closes (the remove button may be gone).
  const focusRow = (selector: string) =>
    requestAnimationFrame(() => row.current?.querySelector<HTMLElement>(selector)?.focus());

  async function settle(request: Promise<unknown>) {
    try {
      await request;
      setChosen(null);
    } catch (error) {
      if (isPermissionDenied(error)) onDenied();
    }
  }

  const changeRole = () => {
    removal.reset();
    void settle(setUserRole({ uid: member.uid, tenantId: member.tenantId, role }).unwrap());
  };

  const removeRole = () => {
    setConfirming(false);
    focusRow('select');
    change.reset();
    void settle(removeUserRole({ uid: member.uid, tenantId: member.tenantId }).unwrap());
  };

  return (
    <MemberItem ref={row} aria-label={name}>
      <div>
        <SectionHeading as="h3" $size="small">
          {name}
          {isSelf && ' (you)'}
        </SectionHeading>
        {/* Without a name the heading line already is the address. */}
        {name !== member.email && <MutedText>{member.email}</MutedText>}
      </div>
      {manageable ? (
        <>
          <SelectField
            label={`Role of ${name}`}
            value={role}
            disabled={busy}
            onChange={(event) => {
              setChosen(event.target.value as Role);
              change.reset();
              removal.reset();
            }}
          >
            {options.map((option) => (
              <option key={option} value={option} disabled={!allowed.includes(option)}>
                {ROLE_LABEL[option]}
              </option>
            ))}
          </SelectField>
          <Actions>
            <Button onClick={changeRole} disabled={busy || role === member.role}>
              Change role
            </Button>
            {removable && (
              <RowButton
                type="button"
                $variant="secondary"
                data-remove-role
                aria-expanded={confirming}
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                Remove role
              </RowButton>
            )}
            <SaveProgress {...progressOf(latest.request, latest.doing)} busy={busy} />
          </Actions>
          {confirming && (
            <ConfirmBox role="group" aria-label={`Confirm removing ${name}’s role`}>
              <p style={{ margin: 0 }}>
                Remove {name}’s role? They keep their account but lose their {ROLE_LABEL[member.role]} rights
                on the dashboard.
              </p>
              <Actions>
                <RowButton type="button" $variant="primary" ref={confirmButton} onClick={removeRole}>
                  Yes, remove the role
                </RowButton>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setConfirming(false);
                    focusRow('[data-remove-role]');
                  }}
                >
                  Cancel
                </Button>
              </Actions>
            </ConfirmBox>
          )}
        </>
      ) : (
        <MutedText>Role: {ROLE_LABEL[member.role]}</MutedText>
      )}
      {transferable && <TransferOwnership member={member} />}
    </MemberItem>
  );
}
