// Activity (owners and admins): the organisation's audit trail in words, newest first, of one kind
// or all (the Kind kept in the address, so a view can be shared), a page at a time with "Load more".
// No one can change an entry: the screen only reads.
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  formatDateTime,
  isAuditKind,
  paths,
  type ActivityEntry,
} from '@toolkit/domain';
import { MutedText, PageTitle, Stack, VisuallyHidden } from '@toolkit/ui';
import { SelectField } from '@toolkit/ui/form';
import { LoadMore } from '../../shared/load-more';
import { useActivityInfiniteQuery } from './activity-api';
import { describeActivity } from './activity-words';

const KIND = 'kind';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  li {
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    padding-left: ${({ theme }) => theme.space[3]}px;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const Filter = styled.div`
  max-width: 24rem;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

/** A result the entry names opens on Results; one named nowhere (gone) has nothing to open. */
function ResultLink({ subject }: { subject: ActivityEntry['subject'] }) {
  const [surveyId, resultId] = subject.id.split('/');
  if (subject.type !== 'result' || !subject.name || !surveyId || !resultId) return null;
  return (
    <p>
      <TextLink to={paths.receivedResult(surveyId, resultId)}>
        Open the result<VisuallyHidden> of {subject.name}</VisuallyHidden>
      </TextLink>
    </p>
  );
}

function Entry({ entry }: { entry: ActivityEntry }) {
  return (
    <li>
      <p>{describeActivity(entry)}</p>
      {entry.reason && <p>Reason: {entry.reason}</p>}
      <ResultLink subject={entry.subject} />
      <MutedText>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </MutedText>
    </li>
  );
}

export function ActivityScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get(KIND);
  const kind = isAuditKind(asked) ? asked : null;
  // Asked again each time the screen opens: a change made elsewhere since (a result excluded on
  // Results) may not touch what the trail is tagged with.
  const activity = useActivityInfiniteQuery({ kind }, { refetchOnMountOrArgChange: true });
  // Only the pages of the kind asked: the previous kind's would stand under the new one's name.
  const shown = activity.currentData;

  function choose(value: string) {
    const next = new URLSearchParams(params);
    if (isAuditKind(value)) next.set(KIND, value);
    else next.delete(KIND);
    setParams(next);
  }

  return (
    <Stack>
      <PageTitle>Activity</PageTitle>
      <MutedText>
        Who changed what in your organisation, and when, newest first. No one can edit this record.
      </MutedText>
      <Filter>
        <SelectField label="Kind" value={kind ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">All changes</option>
          {AUDIT_KINDS.map((option) => (
            <option key={option} value={option}>
              {AUDIT_KIND_LABELS[option]}
            </option>
          ))}
        </SelectField>
      </Filter>
      <QueryView
        query={{ ...activity, data: shown }}
        doing="load the activity"
        isEmpty={({ pages }) => pages.every((page) => page.entries.length === 0)}
        empty={
          kind
            ? `Nothing of the kind “${AUDIT_KIND_LABELS[kind]}” has happened yet.`
            : 'Nothing has been recorded yet. Changes to members, roles, the plan and settings will show here.'
        }
      >
        {({ pages }) => (
          <Stack gap={3} aria-busy={activity.isFetching}>
            <List aria-label={kind ? `${AUDIT_KIND_LABELS[kind]}, newest first` : 'Activity, newest first'}>
              {pages
                .flatMap((page) => page.entries)
                .map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
            </List>
            <LoadMore list={activity} doing="load more activity" />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
