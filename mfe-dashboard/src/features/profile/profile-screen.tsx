import { useId, type FormEvent } from 'react';
import { API, type TenantUserProfile } from '@toolkit/domain';
import { fieldMessage, REQUESTS } from '@toolkit/domain/requests';
import { callApi } from '@toolkit/platform';
import { Button, Card, PageTitle, Stack } from '@toolkit/ui';
import { useLiveProfile } from '../../shared/api';
import { describeError } from '../../shared/errors';
import { Actions, FieldGrid, SaveStatus, SelectField, TextField } from '@toolkit/ui/form';
import { useForm, type FieldErrors } from '../../shared/form';
import { Loaded } from '../../shared/loading';
import { useServices } from '../../shared/services';
import { describeAccountFailure } from './account-messages';
import { SecurityCard } from './security-card';

export const COMPANY_SIZES = [
  '1–9 employees',
  '10–49 employees',
  '50–249 employees',
  '250 or more employees',
];

const ORGANISATION = REQUESTS[API.saveOrganisation].shape;
const NAMES = REQUESTS[API.updateNames].shape;

type OrganisationValues = { name: string; industry: string; size: string; country: string };

function validateOrganisation(values: OrganisationValues): FieldErrors<OrganisationValues> {
  const errors: FieldErrors<OrganisationValues> = {};
  const name =
    values.name.trim() === ''
      ? 'Enter your organisation’s name.'
      : fieldMessage('The name', ORGANISATION.name, values.name);
  if (name) errors.name = name;
  const industry = fieldMessage('Industry', ORGANISATION.industry, values.industry);
  if (industry) errors.industry = industry;
  const size = fieldMessage('Size', ORGANISATION.size, values.size);
  if (size) errors.size = size;
  const country = fieldMessage('Country', ORGANISATION.country, values.country);
  if (country) errors.country = country;
  return errors;
}

function OrganisationForm({ organisation }: { organisation: TenantUserProfile['organization'] }) {
  const { callable } = useServices();
  const titleId = useId();
  const { values, save, setSave, change, field, submit } = useForm<OrganisationValues>(
    {
      name: organisation?.name ?? '',
      industry: organisation?.industry ?? '',
      size: organisation?.size ?? '',
      country: organisation?.country ?? '',
    },
    validateOrganisation,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submit()) return;
    setSave({ kind: 'saving' });
    try {
      await callApi(callable, API.saveOrganisation, {
        name: values.name.trim(),
        industry: values.industry.trim(),
        size: values.size,
        country: values.country.trim(),
      });
      setSave({ kind: 'saved' });
    } catch (error) {
      setSave({ kind: 'failed', message: describeError(error, 'save your organisation details') });
    }
  }

  const sizes =
    values.size && !COMPANY_SIZES.includes(values.size) ? [values.size, ...COMPANY_SIZES] : COMPANY_SIZES;

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <h2 id={titleId}>Organisation details</h2>
          <FieldGrid>
            <TextField
              label="Organisation name"
              name="organisation-name"
              autoComplete="organization"
              required
              {...field('name')}
            />
            <TextField
              label="Industry"
              hint="Optional, e.g. hospitality or construction"
              name="industry"
              {...field('industry')}
            />
            <SelectField label="Size" name="size" value={values.size} onChange={change('size')}>
              <option value="">Not stated</option>
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Country"
              hint="Optional"
              name="country"
              autoComplete="country-name"
              {...field('country')}
            />
          </FieldGrid>
          <Actions>
            <Button type="submit" disabled={save.kind === 'saving'}>
              Save organisation details
            </Button>
            <SaveStatus state={save} />
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}

type NameValues = { firstName: string; lastName: string };

function validateNames(values: NameValues): FieldErrors<NameValues> {
  const errors: FieldErrors<NameValues> = {};
  const first =
    values.firstName.trim() === ''
      ? 'Enter your first name.'
      : fieldMessage('First name', NAMES.firstName, values.firstName);
  if (first) errors.firstName = first;
  const last =
    values.lastName.trim() === ''
      ? 'Enter your last name.'
      : fieldMessage('Last name', NAMES.lastName, values.lastName);
  if (last) errors.lastName = last;
  return errors;
}

function NamesForm({ profile }: { profile: TenantUserProfile | null }) {
  const { callable, updateDisplayName } = useServices();
  const titleId = useId();
  const { values, save, setSave, field, submit } = useForm<NameValues>(
    { firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '' },
    validateNames,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submit()) return;
    setSave({ kind: 'saving' });
    const firstName = values.firstName.trim();
    const lastName = values.lastName.trim();
    try {
      const { status } = await callApi(callable, API.updateNames, { firstName, lastName });
      if (status !== 'ok') {
        setSave({
          kind: 'failed',
          message: 'Your name was not changed: both first and last name are needed.',
        });
        return;
      }
    } catch (error) {
      setSave({ kind: 'failed', message: describeError(error, 'save your name') });
      return;
    }
    // The identity provider's display name follows the saved names.
    const outcome = await updateDisplayName(`${firstName} ${lastName}`);
    setSave(
      outcome.success
        ? { kind: 'saved' }
        : {
            kind: 'failed',
            message: `Your name is saved. ${describeAccountFailure(outcome.message, 'update the name on your sign-in account')}`,
          },
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <h2 id={titleId}>Your name</h2>
          <FieldGrid>
            <TextField
              label="First name"
              name="first-name"
              autoComplete="given-name"
              required
              {...field('firstName')}
            />
            <TextField
              label="Last name"
              name="last-name"
              autoComplete="family-name"
              required
              {...field('lastName')}
            />
          </FieldGrid>
          <Actions>
            <Button type="submit" disabled={save.kind === 'saving'}>
              Save name
            </Button>
            <SaveStatus state={save} />
          </Actions>
        </Stack>
      </form>
    </Card>
  );
}

export function ProfileScreen() {
  const [profile, reload] = useLiveProfile();
  return (
    <Stack>
      <PageTitle>Profile</PageTitle>
      <Loaded resource={profile} doing="load your profile" onRetry={reload}>
        {({ profile: member }) => (
          <>
            <OrganisationForm organisation={member?.organization ?? null} />
            <NamesForm profile={member} />
          </>
        )}
      </Loaded>
      {/* Needs only the signed-in user, so it works even when the profile cannot be loaded. */}
      <SecurityCard />
    </Stack>
  );
}
