// Invoices and receipts: each with its date, number, what it was for, amount, status and the
// provider's PDF (the sandbox's own receipt page locally); and the customer portal for the
// payment method and cancelling.
import styled from 'styled-components';
import { formatDate, formatMoney, type InvoiceStatus } from '@toolkit/domain';
import { describeError, QueryView } from '@toolkit/data';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useInvoicesQuery, useOpenBillingPortalMutation } from '../../billing-api';

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Not collected',
};

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
    padding: ${({ theme }) => theme.space[2]}px 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > :first-child {
    flex: 1 1 14rem;
  }
`;

export function Invoices({ showPortal, goTo }: { showPortal: boolean; goTo: (url: string) => void }) {
  const invoices = useInvoicesQuery();
  const [openPortal, portal] = useOpenBillingPortalMutation();
  const hasAccount = showPortal || (invoices.data?.length ?? 0) > 0;

  async function manage() {
    try {
      const { url } = await openPortal().unwrap();
      goTo(url);
    } catch {
      // shown below the button
    }
  }

  return (
    <Card>
      <Stack gap={3}>
        <SectionHeading>Invoices and receipts</SectionHeading>
        <QueryView
          query={invoices}
          doing="load your invoices"
          isEmpty={(list) => list.length === 0}
          empty="No invoices yet: the first comes with your first payment."
        >
          {(list) => (
            <Rows aria-label="Invoices">
              {list.map((invoice) => (
                <li key={invoice.id}>
                  <span>
                    {formatDate(invoice.date)} · {invoice.number ?? 'Draft'} · {invoice.description}
                  </span>
                  <span>{formatMoney(invoice.amount, invoice.currency)}</span>
                  <span>{STATUS_WORDS[invoice.status]}</span>
                  {invoice.url ? (
                    <a href={invoice.url} target="_blank" rel="noreferrer">
                      Open invoice {invoice.number ?? ''}
                    </a>
                  ) : (
                    <span>No document yet</span>
                  )}
                </li>
              ))}
            </Rows>
          )}
        </QueryView>
        {hasAccount && (
          <Stack gap={2}>
            <MutedText>Change your payment method or cancel in the billing portal.</MutedText>
            <div>
              <Button
                type="button"
                variant="secondary"
                onClick={() => void manage()}
                disabled={portal.isLoading || portal.isSuccess}
              >
                {portal.isLoading || portal.isSuccess ? 'Opening the billing portal…' : 'Manage billing'}
              </Button>
            </div>
            {portal.isError && (
              <ErrorText role="alert">{describeError(portal.error, 'open the billing portal')}</ErrorText>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
