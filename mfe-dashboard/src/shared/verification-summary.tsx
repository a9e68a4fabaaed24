// The result's self-assessed score beside what its publisher's verification says: the verified
// score once verified (only accepted answers count), or how far the review is, and the way to
// Evidence and review, where evidence is attached and verification asked for.
import { Link } from 'react-router';
import styled from 'styled-components';
import { formatDate, paths, type ResultVerification } from '@toolkit/domain';
import { MutedText, Stack } from '@toolkit/ui';

const Scores = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[6]}px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 700;
  }
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  align-self: flex-start;
`;

/** How far the publisher's review of the result is, in words. */
export function verificationWords({ status, publisherName, verifiedAt }: ResultVerification): string {
  switch (status) {
    case 'waiting':
      return `Waiting for ${publisherName} to verify it.`;
    case 'inReview':
      return `In review by ${publisherName}.`;
    case 'needsInformation':
      return `${publisherName} needs more information to verify it.`;
    case 'verified':
      return `Verified by ${publisherName} on ${formatDate(verifiedAt)}.`;
    case 'declined':
      return `${publisherName} declined to verify it.`;
    case 'withdrawn':
      return `${publisherName} withdrew its verification.`;
  }
}

export function VerificationSummary({
  selfAssessedPercent,
  verification,
}: {
  selfAssessedPercent: number;
  verification: ResultVerification | null;
}) {
  const verifiedPercent = verification?.status === 'verified' ? verification.verifiedPercent : null;
  return (
    <Stack gap={2}>
      <Scores>
        <div>
          <dt>Self-assessed score</dt>
          <dd>{selfAssessedPercent}%</dd>
        </div>
        {verifiedPercent !== null && (
          <div>
            <dt>Verified score</dt>
            <dd>{verifiedPercent}%</dd>
          </div>
        )}
      </Scores>
      <MutedText>
        {verification
          ? verificationWords(verification)
          : 'Not verified yet: attach evidence to your answers and ask your toolkit’s publisher to verify them.'}
        {verifiedPercent !== null && ' Only the answers it accepted count towards the verified score.'}
      </MutedText>
      <TextLink to={paths.evidence()}>Evidence and review</TextLink>
    </Stack>
  );
}
