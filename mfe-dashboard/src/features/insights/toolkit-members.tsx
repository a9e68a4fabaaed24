// For a publisher: the organisations that signed up through its toolkit's portal.
import { useId } from 'react';
import styled from 'styled-components';
import { formatDate } from '@toolkit/domain';
import { QueryView } from '@toolkit/data';
import { Card, Stack } from '@toolkit/ui';
import { useToolkitMembersQuery } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

export function ToolkitMembers({ toolkit, title }: { toolkit: string; title: string }) {
  const headingId = useId();
  const members = useToolkitMembersQuery(toolkit);
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <Heading id={headingId}>Joined through {title}</Heading>
        <QueryView
          query={members}
          doing="load who joined your toolkit"
          isEmpty={({ members: list }) => list.length === 0}
          empty="No organisation has signed up through your portal yet."
        >
          {({ members: list }) => (
            <TableScroll>
              <Table>
                <caption>
                  {list.length} {list.length === 1 ? 'organisation' : 'organisations'}, newest first
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
                      <td>{formatDate(member.joinedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
