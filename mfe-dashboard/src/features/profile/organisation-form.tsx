import { useId, useMemo } from 'react';
import { useRequestForm } from '@toolkit/data/form';
import { API, ORGANISATION_SIZE_MEASURE, ORGANISATION_SIZES, type TenantUserProfile } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Card, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField, TextField } from '@toolkit/ui/form';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { useSaveOrganisationMutation } from './profile-api';

// The bands the Quickscan's size question offers, so both say the same about the organisation.
const SIZES: readonly string[] = ORGANISATION_SIZES.map((size) => size.label);

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
  const sizes = stored.size && !SIZES.includes(stored.size) ? [stored.size, ...SIZES] : SIZES;

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
            <SelectField label="Size" hint={ORGANISATION_SIZE_MEASURE} {...form.field('size')}>
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
