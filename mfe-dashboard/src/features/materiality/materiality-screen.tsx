// Double materiality (materiality-assessment): each matter rated for its impact on people and
// planet and for its financial importance, the matrix of the rated matters with a ranked table as
// its text alternative. Saved per organisation by roles that edit insights while the plan includes
// it; after a downgrade the ratings stay, read-only.
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import {
  hasPermission,
  MATERIALITY_LABELS,
  MATERIALITY_SCALE,
  MATERIALITY_TOPICS,
  rankMateriality,
  type MaterialityAssessment,
  type MaterialityQuadrant,
  formatDate,
} from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SelectField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SubmitRow } from '@toolkit/ui/save-progress';
import { useMaterialityQuery } from '../../shared/api';
import { PlanNote } from '../../shared/plan-note';
import { MaterialityMatrix } from './materiality-matrix';
import { useSaveMaterialityMutation } from './materiality-api';
import { RATINGS_FORM, ratingsOf } from './ratings-form';

const Matter = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space[1]}px;
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  @media (min-width: 60rem) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Ranked = styled.ol`
  margin: 0;
  padding-left: 1.5rem;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const QUADRANT: Record<MaterialityQuadrant, string> = {
  both: 'material for impact and finance',
  impact: 'material for impact',
  financial: 'material for finance',
  neither: 'not material yet',
};

function Assessment({ data }: { data: MaterialityAssessment }) {
  const claims = useAppSelector((state) => state.auth.claims);
  const editable = data.included && hasPermission(claims, 'editInsights');
  const stored = useMemo(() => ({ ratings: data.ratings }), [data.ratings]);
  const form = useRequestForm(RATINGS_FORM, { values: stored });
  const [saveMateriality, saving] = useSaveMaterialityMutation();
  const formId = useId();
  // The matrix follows the selects as they change.
  const ranked = rankMateriality(editable ? ratingsOf(form.watch('ratings')) : data.ratings);

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await saveMateriality(request).unwrap();
    } catch (error) {
      form.showFailure(error, 'save the assessment');
    }
  });

  return (
    <Layout>
      <Card aria-labelledby={formId}>
        <Stack gap={3}>
          <SectionHeading id={formId}>Rate each matter</SectionHeading>
          <MutedText>
            Impact: how much your business affects people and planet through it. Financial importance: how
            much it affects your business’s costs, revenue or risks. Leave a matter unrated if it does not
            apply.
          </MutedText>
          {!data.included && (
            <PlanNote
              feature="materiality-assessment"
              kept={
                Object.keys(data.ratings).length > 0
                  ? 'Your ratings are kept and shown; they cannot be changed.'
                  : null
              }
            />
          )}
          {data.included && !editable && (
            <MutedText>Your role can read the assessment; an owner, admin or editor can change it.</MutedText>
          )}
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <Stack gap={3}>
              {MATERIALITY_TOPICS.map((topic) => (
                <Matter key={topic.id} disabled={!editable}>
                  <legend>{topic.name}</legend>
                  {(['impact', 'financial'] as const).map((side) => (
                    <SelectField
                      key={side}
                      label={side === 'impact' ? 'Impact' : 'Financial importance'}
                      {...form.field(`ratings.${topic.id}.${side}`)}
                      // field() finds only top-level errors; this one is nested.
                      error={form.getFieldState(`ratings.${topic.id}.${side}`).error?.message}
                    >
                      <option value="">Not rated</option>
                      {MATERIALITY_SCALE.map((score, index) => (
                        <option key={score} value={score}>
                          {score}: {MATERIALITY_LABELS[index]}
                        </option>
                      ))}
                    </SelectField>
                  ))}
                </Matter>
              ))}
              {editable && (
                <SubmitRow
                  label="Save assessment"
                  busy={form.formState.isSubmitting}
                  failure={form.failure}
                  done={saving.isSuccess}
                  saved="Saved. The matrix shows your latest ratings."
                />
              )}
            </Stack>
          </form>
        </Stack>
      </Card>
      <Card>
        <Stack gap={3}>
          <SectionHeading>Matrix</SectionHeading>
          <MaterialityMatrix ranked={ranked} />
          {ranked.length === 0 ? (
            <MutedText>Rate a matter on both sides to place it on the matrix.</MutedText>
          ) : (
            <Ranked aria-label="Matters, most material first">
              {ranked.map((entry) => (
                <li key={entry.id}>
                  {entry.name}: impact {entry.rating.impact}, financial {entry.rating.financial} (
                  {QUADRANT[entry.quadrant]})
                </li>
              ))}
            </Ranked>
          )}
          {data.updatedAt && <MutedText>Last saved {formatDate(data.updatedAt)}.</MutedText>}
        </Stack>
      </Card>
    </Layout>
  );
}

export function MaterialityScreen() {
  const materiality = useMaterialityQuery();
  return (
    <Stack>
      <PageTitle>Materiality</PageTitle>
      <MutedText>
        A double-materiality assessment: which sustainability matters count most for your business, by their
        impact on people and planet and by their financial importance.
      </MutedText>
      <QueryView query={materiality} doing="load your materiality assessment">
        {(data) => <Assessment data={data} />}
      </QueryView>
    </Stack>
  );
}
