import { useId, useMemo } from 'react';
import { toQueryError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import { API, type TenantUserProfile } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Card, Stack } from '@toolkit/ui';
import { FieldGrid, TextField } from '@toolkit/ui/form';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { describeAccountFailure } from './account-messages';
import { useUpdateDisplayNameMutation, useUpdateNamesMutation } from './profile-api';
import { required } from './required';

const NAMES = REQUESTS[API.updateNames];
const NAMES_FORM = NAMES.extend({
  firstName: required('Enter your first name.', NAMES.shape.firstName.unwrap()),
  lastName: required('Enter your last name.', NAMES.shape.lastName.unwrap()),
});

const LABELS = { firstName: 'First name', lastName: 'Last name' };

export function NamesForm({ member }: { member: TenantUserProfile | null }) {
  const titleId = useId();
  const stored = useMemo(
    () => ({ firstName: member?.firstName ?? '', lastName: member?.lastName ?? '' }),
    [member],
  );
  const form = useRequestForm(NAMES_FORM, { values: stored, labels: LABELS });
  const [updateNames] = useUpdateNamesMutation();
  const [updateDisplayName, displayName] = useUpdateDisplayNameMutation();

  const onSubmit = form.handleSubmit(async (names) => {
    try {
      const { status } = await updateNames(names).unwrap();
      if (status !== 'ok') {
        const message = 'Your name was not changed: both first and last name are needed.';
        return form.setError('root.server', { message });
      }
    } catch (error) {
      return form.showFailure(error, 'save your name');
    }
    // The identity provider's display name follows the saved names.
    try {
      await updateDisplayName(`${names.firstName} ${names.lastName}`).unwrap();
    } catch (error) {
      const why = describeAccountFailure(
        toQueryError(error).message,
        'update the name on your sign-in account',
      );
      form.setError('root.server', { message: `Your name is saved. ${why}` });
    }
  });

  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          <h2 id={titleId}>Your name</h2>
          <FieldGrid>
            <TextField label="First name" autoComplete="given-name" required {...form.field('firstName')} />
            <TextField label="Last name" autoComplete="family-name" required {...form.field('lastName')} />
          </FieldGrid>
          <SubmitRow
            label="Save name"
            busy={form.formState.isSubmitting}
            failure={form.failure}
            done={displayName.isSuccess}
          />
        </Stack>
      </form>
    </Card>
  );
}
