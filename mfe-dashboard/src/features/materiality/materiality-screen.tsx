// Double materiality (materiality-assessment): each matter rated for its impact on people and
// planet and for its financial importance, the matrix of the rated matters with a ranked table as
// its text alternative. Saved per organisation by roles that edit insights while the plan includes
// it; after a downgrade the ratings stay, read-only.
import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  API,
  hasPermission,
  MATERIALITY_LABELS,
  MATERIALITY_SCALE,
  MATERIALITY_TOPICS,
  rankMateriality,
  type MaterialityAssessment,
  type MaterialityQuadrant,
  type MaterialityRatings,
  type MaterialityTopicId,
} from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { useMateriality } from '../../shared/api';
import { describeError } from '../../shared/errors';
import { Actions, SaveStatus, SelectField, type SaveState } from '@toolkit/ui/form';
import { Loaded } from '../../shared/loading';
import { PlanNote } from '../../shared/plan-note';
import { useServices } from '../../shared/services';
import { MaterialityMatrix } from './materiality-matrix';

const Heading = styled.h2`
  margin: 0;
`;

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

type Side = 'impact' | 'financial';
type Draft = Partial<Record<MaterialityTopicId, Partial<Record<Side, number>>>>;

/** Only matters rated on both sides are saved; one half-rated says so before anything is sent. */
function complete(draft: Draft): { ratings: MaterialityRatings; halfRated: string[] } {
  const ratings: MaterialityRatings = {};
  const halfRated: string[] = [];
  for (const topic of MATERIALITY_TOPICS) {
    const { impact, financial } = draft[topic.id] ?? {};
    if (impact && financial) ratings[topic.id] = { impact, financial };
    else if (impact || financial) halfRated.push(topic.name);
  }
  return { ratings, halfRated };
}

function Assessment({
  data,
  onSaved,
}: {
  data: MaterialityAssessment;
  onSaved: (next: MaterialityAssessment) => void;
}) {
  const { callable } = useServices();
  const claims = useAppSelector((state) => state.auth.claims);
  const editable = data.included && hasPermission(claims, 'editInsights');
  const [draft, setDraft] = useState<Draft>(data.ratings);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const formId = useId();
  const { ratings, halfRated } = complete(draft);
  const ranked = rankMateriality(editable ? ratings : data.ratings);

  function rate(id: MaterialityTopicId, side: Side, value: string) {
    setDraft((current) => ({
      ...current,
      [id]: { ...current[id], [side]: value ? Number(value) : undefined },
    }));
    if (save.kind !== 'saving') setSave({ kind: 'idle' });
  }

  async function submit() {
    if (halfRated.length > 0) {
      setSave({ kind: 'failed', message: `Rate both sides of ${halfRated.join(', ')}, or neither.` });
      return;
    }
    setSave({ kind: 'saving' });
    try {
      onSaved(await callApi(callable, API.saveMateriality, { ratings }));
      setSave({ kind: 'saved' });
    } catch (error) {
      setSave({ kind: 'failed', message: describeError(error, 'save the assessment') });
    }
  }

  return (
    <Layout>
      <Card aria-labelledby={formId}>
        <Stack gap={3}>
          <Heading id={formId}>Rate each matter</Heading>
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
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap={3}>
              {MATERIALITY_TOPICS.map((topic) => (
                <Matter key={topic.id} disabled={!editable}>
                  <legend>{topic.name}</legend>
                  {(['impact', 'financial'] as const).map((side) => (
                    <SelectField
                      key={side}
                      label={side === 'impact' ? 'Impact' : 'Financial importance'}
                      value={String((editable ? draft : data.ratings)[topic.id]?.[side] ?? '')}
                      onChange={(event) => rate(topic.id, side, event.target.value)}
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
                <Actions>
                  <Button type="submit" disabled={save.kind === 'saving'}>
                    Save assessment
                  </Button>
                  <SaveStatus state={save} saved="Saved. The matrix shows your latest ratings." />
                </Actions>
              )}
            </Stack>
          </form>
        </Stack>
      </Card>
      <Card>
        <Stack gap={3}>
          <Heading>Matrix</Heading>
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
          {data.updatedAt && (
            <MutedText>Last saved {new Date(data.updatedAt).toLocaleDateString()}.</MutedText>
          )}
        </Stack>
      </Card>
    </Layout>
  );
}

export function MaterialityScreen() {
  const [resource, reload] = useMateriality();
  const [saved, setSaved] = useState<MaterialityAssessment | null>(null);
  return (
    <Stack>
      <PageTitle>Materiality</PageTitle>
      <MutedText>
        A double-materiality assessment: which sustainability matters count most for your business, by their
        impact on people and planet and by their financial importance.
      </MutedText>
      <Loaded resource={resource} doing="load your materiality assessment" onRetry={reload}>
        {(loaded) => <Assessment data={saved ?? loaded} onSaved={setSaved} />}
      </Loaded>
    </Stack>
  );
}
