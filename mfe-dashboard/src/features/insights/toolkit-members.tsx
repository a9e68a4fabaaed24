// For a publisher: the organisations that signed up through its toolkit's portal.
import { useId } from 'react';
import styled from 'styled-components';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { useToolkitMembers } from '../../shared/api';
import { Loaded } from '../../shared/loading';
import { formatDate } from '../../shared/surveys';
import { Table, TableScroll } from '../../shared/table';

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

export function ToolkitMembers({ toolkit, title }: { toolkit: string; title: string }) {
  const headingId = useId();
  const [members, reload] = useToolkitMembers(toolkit);
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <Heading id={headingId}>Joined through {title}</Heading>
        <Loaded resource={members} doing="load who joined your toolkit" onRetry={reload}>
          {({ members: list }) =>
            list.length === 0 ? (
              <MutedText>No organisation has signed up through your portal yet.</MutedText>
            ) : (
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
            )
          }
        </Loaded>
      </Stack>
    </Card>
  );
}
