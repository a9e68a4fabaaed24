// Members (publisher): the organisations that signed up through the toolkit the publisher offers,
// and when each joined, newest first: a page at a time from the server, searched by name.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Loading, QueryView } from '@toolkit/data';
import { formatDate, MEMBERS_PAGE, MEMBERS_SEARCH_MAX, normaliseSearch } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { useToolkit, type Toolkit } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';
import { SearchForm } from '../../shared/view-controls';
import { useToolkitMembersPageQuery } from './members-api';

const Count = styled.p`
  margin: 0;
  font-weight: 600;
`;

const count = new Intl.NumberFormat();

/** "Showing 26–50 of 312 organisations". */
function showing(first: number, shown: number, total: number): string {
  const noun = total === 1 ? 'organisation' : 'organisations';
  if (shown === 0) return `No ${noun} on this page of ${count.format(total)}`;
  const last = first + shown - 1;
  const range = first === last ? count.format(first) : `${count.format(first)}–${count.format(last)}`;
  return `Showing ${range} of ${count.format(total)} ${noun}`;
}

function ToolkitMembers({ toolkit }: { toolkit: Toolkit }) {
  const [search, setSearch] = useState('');
  // The cursors of the pages before this one, oldest first ('' = the first page); and this page's.
  const [back, setBack] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  // Moving to another page takes the person to its count once it is in, not back to the top.
  const focusCount = useRef(false);
  // A search with no word of two characters finds nothing a name starts with: it is not sent.
  const tooShort = search !== '' && normaliseSearch(search) === null;
  const page = useToolkitMembersPageQuery({
    toolkit: toolkit.name,
    ...(search && !tooShort ? { search } : {}),
    ...(cursor ? { cursor } : {}),
  });
  // Only this page's members (currentData): the previous page's would stand under the new count.
  const current = { ...page, data: page.isError ? undefined : page.currentData };
  useEffect(() => {
    if (focusCount.current && current.data) {
      focusCount.current = false;
      countRef.current?.focus();
    }
  });

  function go(nextCursor: string | null, nextBack: string[]) {
    setCursor(nextCursor);
    setBack(nextBack);
    focusCount.current = true;
  }

  function searchFor(words: string) {
    setSearch(words);
    setCursor(null);
    setBack([]);
  }

  return (
    <Stack gap={3}>
      <SearchForm
        label="Organisation name"
        name="Search the members"
        maxLength={MEMBERS_SEARCH_MAX}
        value={search}
        onSearch={searchFor}
      />
      {tooShort ? (
        <MutedText role="status">Type at least two letters of a word in the name to search.</MutedText>
      ) : (
        <QueryView
          query={current}
          doing="load who joined your toolkit"
          isEmpty={({ total }) => total === 0 && search === ''}
          empty={`No organisation has signed up through ${toolkit.title} yet.`}
        >
          {({ members, total, next }) => {
            const first = back.length * MEMBERS_PAGE + 1;
            return (
              <Stack gap={3} aria-busy={page.isFetching}>
                <Count ref={countRef} tabIndex={-1} role="status">
                  {total === 0
                    ? `No organisation’s name has a word starting with “${search}”.`
                    : `${showing(first, members.length, total)}${search ? ` named with “${search}”` : ''}`}
                </Count>
                {page.isFetching && <Loading label="Updating the members" />}
                {search && (
                  <Actions>
                    <Button type="button" variant="secondary" onClick={() => searchFor('')}>
                      Show all members
                    </Button>
                  </Actions>
                )}
                {members.length > 0 && (
                  <TableScroll>
                    <Table>
                      <caption>Organisations that joined through {toolkit.title}, newest first</caption>
                      <thead>
                        <tr>
                          <th scope="col">Organisation</th>
                          <th scope="col">Joined</th>
                        </tr>
                      </thead>
                      <tbody>
                        {members.map((member) => (
                          <tr key={member.tenantId}>
                            <th scope="row">{member.organisationName || 'Name not given yet'}</th>
                            <td>{member.joinedAt ? formatDate(member.joinedAt) : 'Not known'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  </TableScroll>
                )}
                {(back.length > 0 || next !== null) && (
                  <Actions as="nav" aria-label="Pages">
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={back.length === 0}
                      onClick={() => go(back[back.length - 1] || null, back.slice(0, -1))}
                    >
                      Previous page
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={next === null}
                      onClick={() => next && go(next, [...back, cursor ?? ''])}
                    >
                      Next page
                    </Button>
                  </Actions>
                )}
              </Stack>
            );
          }}
        </QueryView>
      )}
    </Stack>
  );
}

export function MembersScreen() {
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const toolkit = useToolkit();
  return (
    <Stack>
      <PageTitle>Members</PageTitle>
      <MutedText>The businesses that signed up through your toolkit’s portal.</MutedText>
      <QueryView query={toolkit} doing="load your toolkit">
        {(offered) =>
          offered.tenantId === tenantId ? (
            <ToolkitMembers toolkit={offered} />
          ) : (
            <MutedText>
              Your organisation signed up through {offered.title}, which another organisation publishes, so no
              business joins through it on your behalf.
            </MutedText>
          )
        }
      </QueryView>
    </Stack>
  );
}
