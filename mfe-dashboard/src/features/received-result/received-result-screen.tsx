// One received result as a publisher acts on it: every answer in words, the overall and section
// scores with their bands, who answered and their organisation, whether it was excluded, and the
// result as a one-page PDF. The new-result e-mail links here.
import { useId, useState, useTransition, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import {
  formatDate,
  paths,
  workbenchSearchParams,
  type JoinedOrganisation,
  type ReceivedResult,
} from '@toolkit/domain';
import { Button, Card, MutedText, PageTitle, ScoreBand, ScoreOverall, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useBrandQuery, useReceivedResultQuery, useSurveyCatalogue } from '../../shared/api';
import { fileSlug, saveFile } from '../../shared/download';
import { surveyTitle } from '../../shared/surveys';
import { buildResultPdf } from './result-pdf';
import { NOT_GIVEN, organisationLine, sectionScore } from './result-words';

const Title = styled(PageTitle)`
  margin: 0;
  overflow-wrap: anywhere;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  align-self: flex-start;
`;

const Excluded = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border-left: 6px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
`;

/** Label and value pairs, stacked: long answers and addresses wrap on a phone. */
const Pairs = styled.dl`
  margin: 0;
  dt {
    font-weight: 600;
  }
  & > div + div,
  & > dd + dt {
    margin-top: ${({ theme }) => theme.space[3]}px;
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const SectionScores = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 ${({ theme }) => theme.space[3]}px;
    padding: ${({ theme }) => theme.space[2]}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}

function Scores({ result }: { result: ReceivedResult }) {
  const { score } = result;
  return (
    <Section title="Score">
      {score ? (
        <Stack gap={3}>
          <ScoreOverall>
            {score.overall.percent}% overall ({score.overall.points} of {score.overall.max} points)
          </ScoreOverall>
          {score.band && <ScoreBand band={score.band} />}
        </Stack>
      ) : (
        <MutedText>This result has no score.</MutedText>
      )}
      <SectionScores aria-label="Scores by section">
        {result.sections.map((section) => (
          <li key={section.title}>
            <span>{section.title}</span>
            <strong>{sectionScore(section)}</strong>
          </li>
        ))}
      </SectionScores>
    </Section>
  );
}

const PROFILE_FIELDS: [keyof JoinedOrganisation, string][] = [
  ['name', 'Name'],
  ['industry', 'Industry'],
  ['size', 'Size (people)'],
  ['region', 'Region'],
  ['website', 'Website'],
];

function WhoAnswered({ result }: { result: ReceivedResult }) {
  const { contact, joinedOrganisation } = result;
  const given = PROFILE_FIELDS.filter(([field]) => joinedOrganisation?.[field]);
  return (
    <Section title="Who answered">
      <Pairs>
        <dt>Name</dt>
        <dd>{contact.name ?? NOT_GIVEN}</dd>
        <dt>E-mail</dt>
        <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : NOT_GIVEN}</dd>
        <dt>Organisation they named</dt>
        <dd>{result.organisation ?? NOT_GIVEN}</dd>
      </Pairs>
      <SectionHeading as="h3">Organisation profile</SectionHeading>
      {given.length > 0 ? (
        <Pairs>
          {given.map(([field, label]) => (
            <div key={field}>
              <dt>{label}</dt>
              <dd>{joinedOrganisation![field]}</dd>
            </div>
          ))}
        </Pairs>
      ) : (
        <MutedText>{organisationLine(joinedOrganisation)}.</MutedText>
      )}
    </Section>
  );
}

function PdfDownload({ result, title }: { result: ReceivedResult; title: string }) {
  const brand = useBrandQuery();
  const [building, startBuilding] = useTransition();
  const [failed, setFailed] = useState(false);
  const download = () =>
    startBuilding(async () => {
      setFailed(false);
      try {
        const bytes = await buildResultPdf({
          surveyTitle: title,
          result,
          generatedOn: formatDate(new Date().toISOString()),
          brand: brand.data?.applied ? brand.data.brand : null,
        });
        const name = `${fileSlug(`${result.organisation ?? 'result'} ${title}`)}-result.pdf`;
        saveFile(name, [bytes as BlobPart], 'application/pdf');
      } catch (error) {
        console.error('The PDF of the result could not be made.', error);
        setFailed(true);
      }
    });
  return (
    <Stack gap={2} align="flex-start">
      <Button type="button" onClick={download} disabled={brand.isLoading || building}>
        {building ? 'Making the PDF…' : 'Download PDF'}
      </Button>
      {failed && <ErrorText role="alert">We couldn't make the PDF. Please try again.</ErrorText>}
    </Stack>
  );
}

function Opened({ result }: { result: ReceivedResult }) {
  const catalogue = useSurveyCatalogue();
  const title = surveyTitle(catalogue, result.surveyId);
  const dates = [
    result.startedAt && `Started on ${formatDate(result.startedAt)}`,
    result.completedAt ? `completed on ${formatDate(result.completedAt)}` : 'not completed yet',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack>
      <Stack gap={1}>
        <Title>Result from {result.organisation ?? 'an organisation not named'}</Title>
        <MutedText>
          {title}. {dates}.
        </MutedText>
      </Stack>
      {result.excluded && (
        <Excluded>
          <strong>Excluded</strong>
          {result.excludedReason ? `: ${result.excludedReason}` : ''}. Insights and benchmarks leave it out.
        </Excluded>
      )}
      {!result.counted && (
        <p>
          No answers — not counted: no question that counts towards the score was answered, so insights and
          benchmarks leave it out.
        </p>
      )}
      <PdfDownload result={result} title={title} />
      <Scores result={result} />
      <WhoAnswered result={result} />
      {result.sections.map((section) => (
        <Section key={section.title} title={section.title}>
          <MutedText>{sectionScore(section)}</MutedText>
          <Pairs>
            {section.answers.map((answer) => (
              <div key={answer.questionId}>
                <dt>{answer.title}</dt>
                <dd>{answer.answer}</dd>
              </div>
            ))}
          </Pairs>
        </Section>
      ))}
    </Stack>
  );
}

export function ReceivedResultScreen() {
  const { surveyId = '', resultId = '' } = useParams();
  const result = useReceivedResultQuery({ surveyId, resultId });
  return (
    <Stack>
      <TextLink to={`${paths.received()}?${workbenchSearchParams({ surveyId })}`}>
        Back to all results
      </TextLink>
      <QueryView query={result} doing="open this result">
        {(opened) => <Opened result={opened} />}
      </QueryView>
    </Stack>
  );
}
