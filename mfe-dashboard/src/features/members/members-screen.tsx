// Members (publisher): the organisations that signed up through the toolkit the publisher offers,
// and when each joined.
import { QueryView } from '@toolkit/data';
import { formatDate } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { MutedText, PageTitle, Stack } from '@toolkit/ui';
import { useToolkit, useToolkitMembersQuery, type Toolkit } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';

function ToolkitMembers({ toolkit }: { toolkit: Toolkit }) {
  const members = useToolkitMembersQuery(toolkit.name);
  return (
    <QueryView
      query={members}
      doing="load who joined your toolkit"
      isEmpty={({ members: list }) => list.length === 0}
      empty={`No organisation has signed up through ${toolkit.title} yet.`}
    >
      {({ members: list }) => (
        <TableScroll>
          <Table>
            <caption>
              {list.length} {list.length === 1 ? 'organisation' : 'organisations'} joined through{' '}
              {toolkit.title}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Organisation</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {list.map((member) => (
                <tr key={member.tenantId}>
                  <th scope="row">{member.organisationName || 'Name not given yet'}</th>
                  <td>{member.joinedAt ? formatDate(member.joinedAt) : 'Not known'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </QueryView>
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
