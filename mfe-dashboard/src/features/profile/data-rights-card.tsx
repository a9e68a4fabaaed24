// A person's data rights on Profile (docs/behaviour.md, A person's data): the download of what the
// product holds about them, as one JSON file and a CSV per collection, and the deletion of their
// account, which the server confirms through a link it e-mails them.
import { useId } from 'react';
import styled from 'styled-components';
import {
  ACCOUNT_DELETION_LINK_HOURS,
  MY_DATA_COLLECTIONS,
  myDataCsv,
  type MyDataCollection,
  type MyDataExport,
} from '@toolkit/domain';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { DeletionLinkRequest } from '@toolkit/ui/deletion-link';
import { SaveProgress } from '@toolkit/ui/save-progress';
import { saveFile } from '../../shared/download';
import { progressOf } from '../../shared/mutation-progress';
import { useExportMyDataMutation, useRequestAccountDeletionMutation } from './profile-api';

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Files = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const COLLECTION_NAMES: Record<MyDataCollection, string> = {
  profile: 'Profile',
  memberships: 'Memberships',
  results: 'Survey results',
  surveyResults: 'Result links',
  audit: 'Your actions',
  evidence: 'Evidence you added',
  reviews: "Reviews of your organisation's results",
};

/** Files are named for the day they were taken, e.g. my-data-2026-11-26.json. */
const fileName = (data: MyDataExport, part: string, extension: string) =>
  `my-data-${part ? `${part}-` : ''}${data.exportedAt.slice(0, 10)}.${extension}`;

function DownloadMyData() {
  const titleId = useId();
  const [exportMyData, exported] = useExportMyDataMutation();
  const download = async () => {
    const data = await exportMyData(null).unwrap();
    saveFile(fileName(data, '', 'json'), [JSON.stringify(data, null, 2)], 'application/json');
  };
  const data = exported.data;
  return (
    <Stack gap={3} role="group" aria-labelledby={titleId}>
      <SectionHeading as="h3" $size="small" id={titleId}>
        Your data
      </SectionHeading>
      <Text>
        Download everything we hold about you: your profile, your memberships, your survey results with their
        answers, and the changes you made in your organisation.
      </Text>
      <Actions>
        <Button disabled={exported.isLoading} onClick={() => void download().catch(() => undefined)}>
          Download my data
        </Button>
        <SaveProgress
          {...progressOf(exported, 'gather your data')}
          saving="Gathering your data…"
          saved="Your data is downloaded as one JSON file."
        />
      </Actions>
      {data && (
        <Stack gap={2}>
          <Text>The same data as spreadsheets, one CSV file per kind:</Text>
          <Files>
            {MY_DATA_COLLECTIONS.map((collection) => (
              <li key={collection}>
                <Button
                  variant="secondary"
                  onClick={() =>
                    saveFile(
                      fileName(data, collection, 'csv'),
                      [myDataCsv(data.collections[collection])],
                      'text/csv;charset=utf-8',
                    )
                  }
                >
                  {COLLECTION_NAMES[collection]} ({data.collections[collection].length})
                </Button>
              </li>
            ))}
          </Files>
        </Stack>
      )}
    </Stack>
  );
}

function DeleteMyAccount() {
  const [requestDeletion, requested] = useRequestAccountDeletionMutation();
  return (
    <DeletionLinkRequest
      frame="group"
      heading="Delete your account"
      what={
        <>
          Deleting your account removes your profile and your membership, and you can no longer sign in. Your
          survey results stay in your organisation&rsquo;s figures without your name or e-mail address.
        </>
      }
      linkHours={ACCOUNT_DELETION_LINK_HOURS}
      action="Delete my account"
      subject="your account"
      onRequest={() => void requestDeletion(null).catch(() => undefined)}
      progress={progressOf(requested, 'start deleting your account')}
      sentTo={requested.data?.email}
    />
  );
}

export function DataRightsCard() {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        <h2 id={titleId}>Your data and account</h2>
        <DownloadMyData />
        <DeleteMyAccount />
      </Stack>
    </Card>
  );
}
