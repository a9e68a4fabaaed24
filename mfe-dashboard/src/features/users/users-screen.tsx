import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  ADVANCED_ROLES,
  allowedRoles,
  API,
  FREE_MEMBER_LIMIT,
  permissionsFor,
  planUnlocking,
  ROLE_RANK,
  type Role,
  type RoleChange,
  type PendingInvite,
  type TenantUserProfile,
} from '@toolkit/domain';
import { fieldProblem, REQUESTS } from '@toolkit/domain/requests';
import { callApi, getAvailableRoles, removeUserRole, setUserRole } from '@toolkit/platform';
import { selectUid, useAppSelector } from '@toolkit/store-contract';
import {
  Button,
  buttonStyles,
  Card,
  ErrorPanel,
  PageTitle,
  Spinner,
  Stack,
  type ButtonVariant,
  MutedText,
} from '@toolkit/ui';
import { describeError, isPermissionDenied } from '../../shared/errors';
import { Actions, SaveStatus, SelectField, TextField, type SaveState } from '@toolkit/ui/form';
import { useForm, type FieldErrors } from '../../shared/form';
import { useServices } from '../../shared/services';
import { useToolkit, type ToolkitSurvey } from '../../shared/toolkit';

/** The survey a team member answers when they follow an invite (seed content of @toolkit/content). */

const ROLE_LABEL: Record<Role, string> = {
  user: 'User (no dashboard rights)',
  viewer: 'Viewer',
  editor: 'Editor',
  billing: 'Billing',
  admin: 'Admin',
  owner: 'Owner',
};

/** What is wrong with an invitee's (trimmed, lower-cased) address, or null. */
function emailError(address: string): string | null {
  if (address === '') return 'Enter the e-mail address of the person to invite.';
  return fieldProblem(REQUESTS[API.createInvite].shape.email, address);
}

function normaliseEmail(address: string): string {
  return address.trim().toLowerCase();
}

type InviteValues = { email: string; role: Role };

function validateInvite(values: InviteValues): FieldErrors<InviteValues> {
  const error = emailError(normaliseEmail(values.email));
  return error ? { email: error } : {};
}

type Team = {
  users: TenantUserProfile[];
  invites: PendingInvite[];
  availableRoles: Role[];
  userRole: Role;
};

/** Who is acting and how many owners there are: what the role rule needs besides the member and role. */
type Setting = Pick<RoleChange, 'actor' | 'owners'>;

/**
 * The roles the server offers (it knows the caller's exact rights and plan) that the same rule the
 * server applies also allows for this operation on this member.
 */
function rolesFor(
  setting: Setting,
  availableRoles: readonly Role[],
  operation: RoleChange['operation'],
  target: RoleChange['target'],
): Role[] {
  return allowedRoles({ ...setting, operation, target }).filter((role) => availableRoles.includes(role));
}

/** Permission denied means the caller's rights changed; every call on this screen reports it here. */
type RightsState = 'unchanged' | 'refreshing' | 'refreshFailed';

const MemberList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const MemberItem = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[4]}px;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  overflow-wrap: anywhere;
`;

const MemberName = styled.h3`
  margin: 0;
  font-size: 1.05rem;
`;

const ConfirmBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
`;

const RowButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

function displayName(member: TenantUserProfile): string {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name || member.email || 'Unnamed member';
}

function MemberRow({
  member,
  isSelf,
  setting,
  availableRoles,
  onChanged,
  onDenied,
}: {
  member: TenantUserProfile;
  isSelf: boolean;
  setting: Setting;
  availableRoles: readonly Role[];
  onChanged: (role: Role) => void;
  onDenied: () => void;
}) {
  const { callable } = useServices();
  const [role, setRole] = useState<Role>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const row = useRef<HTMLLIElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const name = displayName(member);
  // A member whose role the caller may not change (e.g. an owner, seen by an admin) is shown, not
  // editable; nor is the caller, who would lock themselves out.
  const target = { uid: member.uid, role: member.role };
  const allowed = rolesFor(setting, availableRoles, 'change', target);
  const removable = member.role !== 'user' && rolesFor(setting, ['user'], 'remove', target).includes('user');
  const manageable = !isSelf && (allowed.some((option) => option !== member.role) || removable);
  const options = allowed.includes(member.role) ? allowed : [member.role, ...allowed];

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  // Focus returns to the row's controls when the confirmation closes (the remove button may be gone).
  const focusRow = (selector: string) =>
    requestAnimationFrame(() => row.current?.querySelector<HTMLElement>(selector)?.focus());

  async function run(doing: string, call: () => Promise<Role>) {
    setSave({ kind: 'saving' });
    try {
      const next = await call();
      setRole(next);
      onChanged(next);
      setSave({ kind: 'saved' });
    } catch (error) {
      if (isPermissionDenied(error)) onDenied();
      setSave({ kind: 'failed', message: describeError(error, doing) });
    }
  }

  const changeRole = () =>
    run(`change ${name}’s role`, async () => {
      await setUserRole(callable, { uid: member.uid, tenantId: member.tenantId, role });
      return role;
    });

  const removeRole = () => {
    setConfirming(false);
    focusRow('select');
    return run(`remove ${name}’s role`, async () => {
      const answer = await removeUserRole(callable, { uid: member.uid, tenantId: member.tenantId });
      return answer.newRole;
    });
  };

  return (
    <MemberItem ref={row} aria-label={name}>
      <div>
        <MemberName>
          {name}
          {isSelf && ' (you)'}
        </MemberName>
        {/* Without a name the heading line already is the address. */}
        {name !== member.email && <MutedText>{member.email}</MutedText>}
      </div>
      {manageable ? (
        <>
          <SelectField
            label={`Role of ${name}`}
            value={role}
            disabled={save.kind === 'saving'}
            onChange={(event) => {
              setRole(event.target.value as Role);
              setSave({ kind: 'idle' });
            }}
          >
            {options.map((option) => (
              <option key={option} value={option} disabled={!allowed.includes(option)}>
                {ROLE_LABEL[option]}
              </option>
            ))}
          </SelectField>
          <Actions>
            <Button onClick={changeRole} disabled={save.kind === 'saving' || role === member.role}>
              Change role
            </Button>
            {removable && (
              <RowButton
                type="button"
                $variant="secondary"
                data-remove-role
                aria-expanded={confirming}
                disabled={save.kind === 'saving'}
                onClick={() => setConfirming(true)}
              >
                Remove role
              </RowButton>
            )}
            <SaveStatus state={save} />
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
    </MemberItem>
  );
}

function InviteForm({
  teamSurvey,
  setting,
  availableRoles,
  onDenied,
  onInvited,
}: {
  /** The toolkit's team survey, which the invite links to. */
  teamSurvey: ToolkitSurvey;
  setting: Setting;
  availableRoles: Role[];
  onDenied: () => void;
  onInvited: () => void;
}) {
  const { callable } = useServices();
  const titleId = useId();
  const { values, save, setSave, field, submit, reset } = useForm<InviteValues>(
    { email: '', role: 'user' },
    validateInvite,
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invitable = rolesFor(setting, availableRoles, 'invite', { uid: null, role: null });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submit()) return;
    const normalised = normaliseEmail(values.email);
    setSave({ kind: 'saving' });
    setSentTo(null);
    try {
      const answer = await callApi(callable, API.createInvite, {
        email: normalised,
        surveyId: teamSurvey.id,
        role: values.role,
      });
      setSentTo(
        answer.status === 'already-sent'
          ? `We e-mailed ${answer.email} a few minutes ago, so we did not send the invite again.`
          : `Invite sent to ${answer.email}. They join once they accept it from their e-mail.`,
      );
      onInvited();
      setSave({ kind: 'idle' });
      reset();
    } catch (failure) {
      if (isPermissionDenied(failure)) onDenied();
      setSave({ kind: 'failed', message: describeError(failure, 'create the invite') });
    }
  }

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <h2 id={titleId} style={{ margin: 0 }}>
            Invite a team member
          </h2>
          <MutedText>
            We e-mail them a link to the {teamSurvey.title}. They join your organisation with the role you
            choose once they accept; the link works once, for them only.
          </MutedText>
          <TextField label="E-mail address" type="email" autoComplete="off" {...field('email')} />
          <SelectField label="Role" {...field('role')}>
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
            <Button type="submit" disabled={save.kind === 'saving'}>
              {save.kind === 'saving' ? 'Sending invite…' : 'Send invite'}
            </Button>
            {/* The button already says the invite is being sent. */}
            <SaveStatus state={save} saving="" />
          </Actions>
          <p role="status" style={{ margin: 0 }}>
            {sentTo}
          </p>
        </Stack>
      </form>
    </Card>
  );
}

export function UsersScreen() {
  const { callable, refreshClaims } = useServices();
  const uid = useAppSelector(selectUid);
  const [toolkit] = useToolkit();
  const [team, setTeam] = useState<
    { status: 'loading' } | { status: 'ready'; data: Team } | { status: 'error'; error: unknown }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [rights, setRights] = useState<RightsState>('unchanged');
  const teamTitleId = useId();
  const invitesTitleId = useId();

  const onDenied = useCallback(() => {
    setRights((current) => (current === 'unchanged' ? 'refreshing' : current));
  }, []);

  // The shell's guard sends the user away once fresh claims lack the users page.
  useEffect(() => {
    if (rights !== 'refreshing') return;
    refreshClaims().catch(() => setRights('refreshFailed'));
  }, [rights, refreshClaims]);

  useEffect(() => {
    let current = true;
    // A reload after an invite keeps the list (and the invite form with its confirmation) on screen.
    setTeam((state) => (state.status === 'ready' ? state : { status: 'loading' }));
    Promise.all([callApi(callable, API.listTenantUsers, null), getAvailableRoles(callable)]).then(
      ([list, roles]) => {
        if (!current) return;
        const users = [...list.users].sort(
          (a, b) => ROLE_RANK[b.role] - ROLE_RANK[a.role] || displayName(a).localeCompare(displayName(b)),
        );
        setTeam({
          status: 'ready',
          data: {
            users,
            invites: list.invites,
            availableRoles: roles.availableRoles,
            userRole: roles.userRole,
          },
        });
      },
      (error: unknown) => {
        if (!current) return;
        if (isPermissionDenied(error)) onDenied();
        setTeam({ status: 'error', error });
      },
    );
    return () => {
      current = false;
    };
  }, [callable, attempt, onDenied]);

  const updateRole = (memberUid: string, role: Role) =>
    setTeam((state) =>
      state.status !== 'ready'
        ? state
        : {
            ...state,
            data: {
              ...state.data,
              users: state.data.users.map((member) =>
                member.uid === memberUid ? { ...member, role } : member,
              ),
            },
          },
    );

  const setting: Setting | null =
    team.status === 'ready'
      ? {
          // The server's role for the caller, not the token's; the server decides with the same rule.
          actor: {
            uid: uid ?? '',
            role: team.data.userRole,
            permissions: permissionsFor({ role: team.data.userRole }),
          },
          owners: team.data.users.filter((member) => member.role === 'owner').length,
        }
      : null;

  return (
    <Stack>
      <PageTitle>Users</PageTitle>
      {rights !== 'unchanged' && (
        <ErrorPanel
          title="Your permissions have changed"
          message={
            rights === 'refreshing'
              ? 'You can no longer manage users. We are updating your access and will take you back to the dashboard.'
              : 'You can no longer manage users, and we could not update your access. Please sign out and sign in again.'
          }
        />
      )}
      {team.status === 'loading' && <Spinner label="Loading your team…" />}
      {team.status === 'error' && rights === 'unchanged' && (
        <ErrorPanel
          message={describeError(team.error, 'load your team')}
          onRetry={() => setAttempt((value) => value + 1)}
        />
      )}
      {team.status === 'ready' && setting && (
        <>
          <Card aria-labelledby={teamTitleId}>
            <Stack>
              <h2 id={teamTitleId} style={{ margin: 0 }}>
                Team
              </h2>
              {team.data.users.length === 0 ? (
                <MutedText>No one has joined your organisation yet.</MutedText>
              ) : (
                <MemberList aria-label="Team members">
                  {team.data.users.map((member) => (
                    <MemberRow
                      key={member.uid}
                      member={member}
                      isSelf={member.uid === uid}
                      setting={setting}
                      availableRoles={team.data.availableRoles}
                      onChanged={(role) => updateRole(member.uid, role)}
                      onDenied={onDenied}
                    />
                  ))}
                </MemberList>
              )}
            </Stack>
          </Card>
          {team.data.invites.length > 0 && (
            <Card aria-labelledby={invitesTitleId}>
              <Stack>
                <h2 id={invitesTitleId} style={{ margin: 0 }}>
                  Invitations
                </h2>
                <MemberList aria-label="Invitations not accepted yet">
                  {team.data.invites.map((invite) => (
                    <MemberItem key={invite.email}>
                      <span>
                        <strong>{invite.email}</strong> · {ROLE_LABEL[invite.role]}
                      </span>
                      <MutedText>
                        {invite.status === 'declined'
                          ? 'Declined the invitation'
                          : 'Invited, not accepted yet'}
                      </MutedText>
                    </MemberItem>
                  ))}
                </MemberList>
              </Stack>
            </Card>
          )}
          {/* A toolkit without a team survey has no invites. */}
          {toolkit.status === 'ready' && toolkit.data.teamSurvey && (
            <InviteForm
              teamSurvey={toolkit.data.teamSurvey}
              setting={setting}
              availableRoles={team.data.availableRoles}
              onDenied={onDenied}
              onInvited={() => setAttempt((value) => value + 1)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
