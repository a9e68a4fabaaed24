// Priority ESG topics: where the business scores lowest, each with the suggested actions of that
// topic, downloadable as CSV and PDF (a download is the journey's download-actions milestone, which
// the server records when it gives the priorities for the file).
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { describeError } from '@toolkit/data';
import { CSV_BOM, csvRow, type ActionsOverview, ESG_TOPIC_NAMES, type PriorityTopic } from '@toolkit/domain';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useActionsQuery } from '../../shared/api';
import { fileSlug, saveFile } from '../../shared/download';
import { createPdfWriter } from '../../shared/pdf-writer';
import { useRecordVisitMutation } from '../../shared/visits';

interface Priority extends PriorityTopic {
  actions: string[];
}

/** Each priority with the titles of the suggested actions of its topic. */
function withActions(priorities: readonly PriorityTopic[], actions: ActionsOverview | undefined): Priority[] {
  return priorities.map((priority) => ({
    ...priority,
    actions: (actions?.actions ?? [])
      .filter((action) => action.topic === priority.topic && action.addressing.length > 0)
      .map((action) => action.title),
  }));
}

export function prioritiesCsv(priorities: readonly Priority[]): string {
  return (
    CSV_BOM +
    csvRow(['Priority', 'ESG topic', 'Area', 'Your score %', 'Suggested actions']) +
    priorities
      .map((priority, index) =>
        csvRow([
          index + 1,
          ESG_TOPIC_NAMES[priority.topic],
          priority.title,
          priority.percent,
          priority.actions.join('; '),
        ]),
      )
      .join('')
  );
}

async function prioritiesPdf(surveyTitle: string, priorities: readonly Priority[]): Promise<Uint8Array> {
  const pdf = await createPdfWriter(`Priority ESG topics: ${surveyTitle}`);
  pdf.write('Priority ESG topics', { size: 20, bold: true, gap: 10 });
  pdf.write(`From your latest ${surveyTitle}`, { muted: true, gap: 18 });
  for (const [index, priority] of priorities.entries()) {
    pdf.write(`${index + 1}. ${ESG_TOPIC_NAMES[priority.topic]} (${priority.title}): ${priority.percent}%`, {
      size: 13,
      bold: true,
      gap: 4,
    });
    pdf.bar(priority.percent);
    for (const action of priority.actions) pdf.write(`•  ${action}`, { gap: 4 });
    pdf.space(10);
  }
  return pdf.save();
}

export function PriorityTopics({
  surveyId,
  surveyTitle,
  priorities,
}: {
  surveyId: string;
  surveyTitle: string;
  priorities: readonly PriorityTopic[];
}) {
  const { data: actions } = useActionsQuery(priorities.length > 0 ? surveyId : skipToken);
  const [recordVisit] = useRecordVisitMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (priorities.length === 0) return null;
  const list = withActions(priorities, actions);
  const name = `${fileSlug(surveyTitle)}-priority-topics`;

  // The file holds the priorities as shown; the download is the journey's download-actions
  // milestone, which the server records once it has priorities of its own to confirm it.
  async function download(kind: 'csv' | 'pdf') {
    setProblem(null);
    try {
      if (kind === 'csv') saveFile(`${name}.csv`, [prioritiesCsv(list)], 'text/csv;charset=utf-8');
      else saveFile(`${name}.pdf`, [(await prioritiesPdf(surveyTitle, list)) as BlobPart], 'application/pdf');
    } catch (error) {
      console.error('The priority topics could not be made into a file.', error);
      setProblem(describeError(error, 'make the file'));
      return;
    }
    recordVisit({ visit: 'priorities', surveyId })
      .unwrap()
      .catch((error: unknown) => console.error('The download could not be recorded.', error));
  }

  return (
    <Stack gap={3}>
      <SectionHeading as="h3">Priority ESG topics</SectionHeading>
      <ol>
        {list.map((priority) => (
          <li key={priority.topic}>
            <strong>{ESG_TOPIC_NAMES[priority.topic]}</strong> ({priority.title}): {priority.percent}%
            {priority.actions.length > 0 && <MutedText>Suggested: {priority.actions.join('; ')}</MutedText>}
          </li>
        ))}
      </ol>
      <Actions>
        <Button type="button" variant="secondary" onClick={() => void download('csv')}>
          Download priorities (CSV)
        </Button>
        <Button type="button" variant="secondary" onClick={() => void download('pdf')}>
          Download priorities (PDF)
        </Button>
      </Actions>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
    </Stack>
  );
}
