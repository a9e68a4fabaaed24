// brandkit on Manage: the organisation's colour and logo, saved by an owner or admin on a plan
// with brandkit; on another plan the stored brand is shown read-only with the plan that applies it.
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import {
  BRAND_LOGO_MAX_BYTES,
  ENTITLEMENT_NAMES,
  hasPermission,
  planUnlocking,
  type Brand,
} from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { useBrandQuery } from '../../shared/api';
import { progressOf } from '../../shared/mutation-progress';
import { useSaveBrandMutation } from './manage-api';

const DEFAULT_COLOUR = '#1f5f4a';

const Preview = styled.img`
  display: block;
  max-height: 64px;
  max-width: 14rem;
  object-fit: contain;
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  label {
    font-weight: 600;
  }
  input[type='color'] {
    width: 4rem;
    height: ${({ theme }) => theme.touchTarget};
  }
`;

function readLogo(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function BrandCard() {
  const headingId = useId();
  const colourId = useId();
  const logoId = useId();
  const claims = useAppSelector((state) => state.auth.claims);
  const { data } = useBrandQuery();
  const [saveBrand, saving] = useSaveBrandMutation();
  // What is being edited; it stays after a save, when it is what the server stored.
  const [draft, setDraft] = useState<Brand | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const brand = draft ?? data?.brand ?? { primaryColor: DEFAULT_COLOUR, logo: null };
  const editable = Boolean(data?.applied) && hasPermission(claims, 'manageSettings');

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setProblem('Choose a PNG or JPEG image.');
    if (file.size > BRAND_LOGO_MAX_BYTES) {
      return setProblem(`The logo must be at most ${BRAND_LOGO_MAX_BYTES / 1024} KB.`);
    }
    setDraft({ ...brand, logo: await readLogo(file) });
  }

  if (!data) return null;
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Brand</SectionHeading>
        {!data.applied && (
          <MutedText>
            {ENTITLEMENT_NAMES.brandkit} come with the {planUnlocking('brandkit').name} plan
            {data.brand ? '; your saved brand is kept for when your plan includes it again' : ''}.
          </MutedText>
        )}
        <Field>
          <label htmlFor={colourId}>Brand colour</label>
          <input
            id={colourId}
            type="color"
            value={brand.primaryColor}
            disabled={!editable}
            onChange={(event) => setDraft({ ...brand, primaryColor: event.target.value })}
          />
        </Field>
        <Field>
          <label htmlFor={logoId}>Logo (PNG or JPEG, at most {BRAND_LOGO_MAX_BYTES / 1024} KB)</label>
          {brand.logo && <Preview src={brand.logo} alt="Logo preview" />}
          {editable && (
            <input
              id={logoId}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => void chooseLogo(event)}
            />
          )}
        </Field>
        {problem && <ErrorText role="alert">{problem}</ErrorText>}
        {editable && (
          <Actions>
            <Button type="button" onClick={() => void saveBrand(brand)} disabled={saving.isLoading}>
              Save brand
            </Button>
            {brand.logo && (
              <Button type="button" variant="secondary" onClick={() => setDraft({ ...brand, logo: null })}>
                Remove logo
              </Button>
            )}
            <SaveProgress
              {...progressOf(saving, 'save your brand')}
              saved="Saved. Your dashboard and reports use this brand."
            />
          </Actions>
        )}
      </Stack>
    </Card>
  );
}
