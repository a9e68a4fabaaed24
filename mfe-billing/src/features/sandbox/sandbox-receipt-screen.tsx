// The local billing sandbox's receipt, the stand-in for the PDF the provider hosts: who paid what,
// when, and the GST it includes, ready to print or save as PDF from the browser.
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { formatDate, formatMoney, paths } from '@toolkit/domain';
import { QueryView } from '@toolkit/data';
import { Button, Card, PageTitle, Stack } from '@toolkit/ui';
import { useSandboxInvoiceQuery } from '../../billing-api';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(6rem, max-content) 1fr;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const STATUS = { paid: 'Paid', open: 'Due', draft: 'Draft', void: 'Void', uncollectible: 'Not collected' };

export function SandboxReceiptScreen() {
  const { invoiceId = '' } = useParams();
  const invoice = useSandboxInvoiceQuery(invoiceId);
  return (
    <QueryView query={invoice} doing="load this receipt">
      {(receipt) => (
        <Card>
          <Stack gap={4}>
            <PageTitle>Receipt {receipt.number}</PageTitle>
            <Facts>
              <dt>Organisation</dt>
              <dd>{receipt.organisationName || 'Your organisation'}</dd>
              <dt>Date</dt>
              <dd>{formatDate(receipt.date)}</dd>
              <dt>For</dt>
              <dd>{receipt.description}</dd>
              <dt>Amount</dt>
              <dd>
                {formatMoney(receipt.amount, receipt.currency)} {receipt.currency.toUpperCase()}, including
                GST of {formatMoney(Math.round(receipt.amount / 11), receipt.currency)}
              </dd>
              <dt>Status</dt>
              <dd>{STATUS[receipt.status]}</dd>
            </Facts>
            <p style={{ margin: 0 }}>Issued by the local billing sandbox: no money was taken.</p>
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button type="button" variant="secondary" onClick={() => window.print()}>
                Print or save as PDF
              </Button>
              <Link to={paths.plans()}>Back to Plans</Link>
            </div>
          </Stack>
        </Card>
      )}
    </QueryView>
  );
}
