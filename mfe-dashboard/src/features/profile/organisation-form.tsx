import { useId, useMemo } from 'react';
import { useRequestForm } from '@toolkit/data/form';
import { API, type TenantUserProfile } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Card, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField, TextField } from '@toolkit/ui/form';
import { SubmitRow } from '../../shared/form';
import { useSaveOrganisationMutation } from './profile-api';

export const COMPANY_SIZES = [
  '1–9 employees',
  '10–49 employees',
  '50–249 employees',
  '250 or more employees',
];

const ORGANISATION = REQUESTS[API.saveOrganisation];

const LABELS = { name: 'The name', industry: 'Industry', size: 'Size', country: 'Country' };

type Organisation = TenantUserProfile['organization'];

export function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const titleId = useId();
  const stored = useMemo(
    () => ({
      name: organisation?.name ?? '',
      industry: organisation?.industry ?? '',
      size: organisation?.size ?? '',
      country: organisation?.country ?? '',
    }),
    [organisation],
  );
  const form = useRequestForm(ORGANISATION, { values: stored, labels: LABELS });
  const [save, saving] = useSaveOrganisationMutation();
  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await save(details).unwrap();
    } catch (error) {
      form.showFailure(error, 'save your organisation details');
    }
  });

  // A size stored before the list changed stays choosable.
  const sizes =
    stored.size && !COMPANY_SIZES.includes(stored.size) ? [stored.size, ...COMPANY_SIZES] : COMPANY_SIZES;

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <h2 id={titleId}>Organisation details</h2>
          <FieldGrid>
            <TextField
              label="Organisation name"
              autoComplete="organization"
              required
              {...form.field('name')}
            />
            <TextField
              label="Industry"
              hint="Optional, e.g. hospitality or construction"
              {...form.field('industry')}
            />
            <SelectField label="Size" {...form.field('size')}>
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
              autoComplete="country-name"
              {...form.field('country')}
            />
          </FieldGrid>
          <SubmitRow
            label="Save organisation details"
            busy={form.formState.isSubmitting}
            failure={form.failure}
            done={saving.isSuccess}
          />
        </Stack>
      </form>
    </Card>
  );
}
