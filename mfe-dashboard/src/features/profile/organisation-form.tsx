import { useId, useMemo } from 'react';
import { useRequestForm } from '@toolkit/data/form';
import {
  API,
  ORGANISATION_REGIONS,
  ORGANISATION_SIZE_MEASURE,
  ORGANISATION_SIZES,
  type QuickscanDetails,
  type TenantUserProfile,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField, TextField } from '@toolkit/ui/form';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { useSaveOrganisationMutation } from './profile-api';

// The bands the Quickscan's size question offers, so both say the same about the organisation.
const SIZES: readonly string[] = ORGANISATION_SIZES.map((size) => size.label);

const ORGANISATION = REQUESTS[API.saveOrganisation];

const LABELS = { name: 'The name', industry: 'Industry', size: 'Size', region: 'Region' };

/** The fields a Quickscan answers. */
const ANSWERED = ['industry', 'size', 'region'] as const;
type Answered = (typeof ANSWERED)[number];

export const FROM_QUICKSCAN = 'From your Quickscan — confirm or edit';

type Organisation = TenantUserProfile['organization'];

export function OrganisationForm({
  organisation,
  quickscan,
}: {
  organisation: Organisation;
  /** What the organisation's latest Quickscan said of it; null when nothing. */
  quickscan: QuickscanDetails | null;
}) {
  const titleId = useId();
  const stored = useMemo(
    () => ({
      name: organisation?.name ?? '',
      industry: organisation?.industry ?? '',
      size: organisation?.size ?? '',
      region: organisation?.region ?? '',
    }),
    [organisation],
  );
  // The Quickscan's answer fills only a field the profile leaves empty, never one the person
  // filled in; it is kept once they save it.
  const offered = useMemo(
    () => ANSWERED.filter((field) => stored[field] === '' && quickscan?.[field]),
    [stored, quickscan],
  );
  const values = useMemo(
    () => ({ ...stored, ...Object.fromEntries(offered.map((field) => [field, quickscan![field]])) }),
    [stored, offered, quickscan],
  );
  const form = useRequestForm(ORGANISATION, { values, labels: LABELS });
  const [save, saving] = useSaveOrganisationMutation();
  const onSubmit = form.handleSubmit(async (details) => {
    try {
      await save(details).unwrap();
    } catch (error) {
      form.showFailure(error, 'save your organisation details');
    }
  });

  /** Whether a field still shows what the Quickscan said, not yet saved. */
  const fromQuickscan = (field: Answered) =>
    offered.includes(field) && form.watch(field) === quickscan?.[field];
  const hint = (field: Answered, otherwise: string) => (fromQuickscan(field) ? FROM_QUICKSCAN : otherwise);

  // A size stored before the list changed stays choosable.
  const sizes = stored.size && !SIZES.includes(stored.size) ? [stored.size, ...SIZES] : SIZES;

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <h2 id={titleId}>Organisation details</h2>
          {offered.length > 0 && (
            <MutedText>
              We filled in what your Quickscan told us. Check it, change anything that is not right, and save.
            </MutedText>
          )}
          <FieldGrid>
            <TextField
              label="Organisation name"
              autoComplete="organization"
              required
              {...form.field('name')}
            />
            <TextField
              label="Industry"
              hint={hint('industry', 'Optional, e.g. hospitality or construction')}
              {...form.field('industry')}
            />
            <SelectField
              label="Size"
              hint={
                fromQuickscan('size')
                  ? `${FROM_QUICKSCAN}. ${ORGANISATION_SIZE_MEASURE}`
                  : ORGANISATION_SIZE_MEASURE
              }
              {...form.field('size')}
            >
              <option value="">Not stated</option>
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Region"
              hint={hint('region', 'The state or territory of your main premises')}
              {...form.field('region')}
            >
              <option value="">Not stated</option>
              {ORGANISATION_REGIONS.map((region) => (
                <option key={region.id} value={region.id}>
                  {region.label}
                </option>
              ))}
            </SelectField>
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
