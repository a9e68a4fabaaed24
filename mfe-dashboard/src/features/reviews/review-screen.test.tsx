import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type ApiRequest, type EvidenceItem, type Review } from '@toolkit/domain';
import { serverError, type FakeHandlers } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const PUBLISHER = { claims: { role: 'editor', tenantId: 'demo-publisher' } };
const PATH = '/dashboard/reviews/rev-1';

const REVIEW: Review = {
  reviewId: 'rev-1',
  surveyId: 'business-quickscan',
  resultId: 'r-9',
  surveyTitle: 'Sustainability Quickscan for your business',
  organisationName: 'Harbour Bakery',
  publisherName: 'Coastal Council',
  status: 'inReview',
  requestedAt: '2026-11-02T09:00:00.000Z',
  updatedAt: '2026-11-03T09:00:00.000Z',
  verifiedAt: null,
  reviewerName: 'Rita Reviewer',
  verdictNote: null,
  selfAssessedPercent: 62,
  verifiedPercent: 40,
  questions: [
    {
      questionId: 'renewable-share',
      sectionTitle: 'Energy and emissions',
      title: 'How much of your electricity is renewable?',
      answer: 'All of it',
      evidenceRequired: true,
      decision: null,
      open: false,
      comments: [
        {
          commentId: 'c-1',
          questionId: 'renewable-share',
          side: 'business',
          authorName: 'Dana Reyes',
          text: 'Our contract is attached.',
          at: '2026-11-02T09:30:00.000Z',
        },
      ],
    },
    {
      questionId: 'policy',
      sectionTitle: 'Governance',
      title: 'Do you have a sustainability policy?',
      answer: 'Yes',
      evidenceRequired: false,
      decision: 'accepted',
      open: false,
      comments: [],
    },
  ],
};

const BILL: EvidenceItem = {
  evidenceId: 'e-1',
  questionId: 'renewable-share',
  kind: 'file',
  name: 'electricity-bill.pdf',
  url: null,
  contentType: 'application/pdf',
  bytes: 120_000,
  note: 'Our green tariff',
  addedAt: '2026-11-02T09:10:00.000Z',
  addedBy: 'Dana Reyes',
};

type Decide = ApiRequest<typeof API.decideReviewQuestion>;
type Conclude = ApiRequest<typeof API.concludeReview>;

/** The server as the screen sees it: each change answers the review as it now stands. */
function setup(start: Review = REVIEW, handlers: FakeHandlers = {}) {
  let review = structuredClone(start);
  const api = createFakeApi({
    [API.getReview]: () => review,
    [API.listEvidence]: () => ({ items: [BILL] }),
    [API.decideReviewQuestion]: ({ questionId, decision }: Decide) => {
      review = {
        ...review,
        questions: review.questions.map((question) =>
          question.questionId === questionId ? { ...question, decision } : question,
        ),
      };
      return review;
    },
    [API.commentOnReview]: ({ questionId, text }) => {
      review = {
        ...review,
        questions: review.questions.map((question) =>
          question.questionId === questionId
            ? {
                ...question,
                comments: [
                  ...question.comments,
                  {
                    commentId: `c-${question.comments.length + 2}`,
                    questionId,
                    side: 'reviewer' as const,
                    authorName: 'Rita Reviewer',
                    text,
                    at: '2026-11-04T09:00:00.000Z',
                  },
                ],
              }
            : question,
        ),
      };
      return review;
    },
    [API.concludeReview]: ({ verdict, note }: Conclude) => {
      review = {
        ...review,
        status: verdict,
        verdictNote: note ?? null,
        ...(verdict === 'verified' ? { verifiedAt: '2026-12-03T10:00:00.000Z', verifiedPercent: 62 } : {}),
      };
      return review;
    },
    [API.withdrawVerification]: ({ reason }) => {
      review = { ...review, status: 'withdrawn', verdictNote: reason };
      return review;
    },
    ...handlers,
  });
  renderDashboard(PATH, api, PUBLISHER);
  return { api, user: userEvent.setup() };
}

const question = (name: string) => screen.getByRole('region', { name });
const RENEWABLE = 'How much of your electricity is renewable?';

describe('Review screen', () => {
  it('shows the organisation, survey, status and self-assessed score, and each question by section', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review of Harbour Bakery' })).toBeVisible();
    expect(api.callsTo(API.getReview)).toEqual([{ reviewId: 'rev-1' }]);
    expect(
      screen.getByText(
        `Sustainability Quickscan for your business. Asked on ${formatDate(REVIEW.requestedAt)}.`,
      ),
    ).toBeVisible();
    const facts = screen.getByLabelText('The review');
    expect(facts).toHaveTextContent('StatusIn review');
    expect(facts).toHaveTextContent('Self-assessed score62%');
    expect(facts).not.toHaveTextContent('Verified score');
    expect(screen.getByRole('link', { name: 'Back to reviews' })).toHaveAttribute(
      'href',
      '/dashboard/reviews',
    );

    const energy = screen.getByRole('region', { name: 'Energy and emissions' });
    const renewable = within(energy).getByRole('region', { name: RENEWABLE });
    expect(within(renewable).getByText('All of it')).toBeVisible();
    expect(within(renewable).getByText('Evidence required')).toBeVisible();
    const thread = within(renewable).getByRole('list', { name: `Comments on “${RENEWABLE}”` });
    expect(thread).toHaveTextContent('Dana Reyes (Harbour Bakery)');
    expect(thread).toHaveTextContent('Our contract is attached.');

    const governance = screen.getByRole('region', { name: 'Governance' });
    const policy = within(governance).getByRole('region', { name: 'Do you have a sustainability policy?' });
    expect(within(policy).getByText('Accepted')).toBeVisible();
    expect(within(policy).queryByText('Evidence required')).not.toBeInTheDocument();
    expect(within(policy).getByRole('button', { name: 'Accept' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows each answer its own evidence, to download but not to change', async () => {
    const { api } = setup();
    const renewable = await screen.findByRole('region', { name: RENEWABLE });
    const evidence = await within(renewable).findByRole('list', { name: 'Evidence' });
    expect(evidence).toHaveTextContent('electricity-bill.pdf');
    expect(evidence).toHaveTextContent('Our green tariff');
    expect(within(evidence).getByRole('button', { name: 'Download electricity-bill.pdf' })).toBeVisible();
    expect(within(renewable).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(renewable).queryByLabelText(/file/i)).not.toBeInTheDocument();
    const policy = screen.getByRole('region', { name: 'Do you have a sustainability policy?' });
    expect(within(policy).getByText('No evidence on this answer yet.')).toBeVisible();
    expect(api.callsTo(API.listEvidence)).toEqual([{ surveyId: 'business-quickscan', resultId: 'r-9' }]);
  });

  it('says once when the evidence cannot be read, and reads it again on request', async () => {
    let failures = 1;
    const { user } = setup(REVIEW, {
      [API.listEvidence]: () => {
        if (failures-- > 0) serverError('unavailable', 'Restarting');
        return { items: [BILL] };
      },
    });
    expect(
      await screen.findByText(/We couldn't load the evidence because the server did not answer/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Evidence' })).toHaveTextContent('electricity-bill.pdf');
    expect(screen.queryByText(/We couldn't load the evidence/)).not.toBeInTheDocument();
  });

  it('needs a comment before asking for more information, says so beside the field, and sends nothing', async () => {
    const { api, user } = setup();
    const renewable = await screen.findByRole('region', { name: RENEWABLE });
    await user.click(within(renewable).getByRole('button', { name: 'Needs information' }));
    expect(within(renewable).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription(
      expect.stringContaining('Say what information is needed.'),
    );
    expect(api.callsTo(API.decideReviewQuestion)).toEqual([]);
  });

  it('marks an answer "needs information" with its comment, then asks for more information', async () => {
    const { api, user } = setup();
    const renewable = await screen.findByRole('region', { name: RENEWABLE });
    await user.type(
      within(renewable).getByRole('textbox', { name: 'Comment' }),
      'Please add this year’s bill.',
    );
    await user.click(within(renewable).getByRole('button', { name: 'Needs information' }));
    expect(await within(renewable).findByText('Needs information', { selector: 'span' })).toBeVisible();
    expect(within(renewable).getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    expect(api.callsTo(API.decideReviewQuestion)).toEqual([
      {
        reviewId: 'rev-1',
        questionId: 'renewable-share',
        decision: 'needsInformation',
        comment: 'Please add this year’s bill.',
      },
    ]);

    const verdict = screen.getByRole('region', { name: 'Verdict' });
    const ask = within(verdict).getByRole('button', { name: 'Ask for more information' });
    await waitFor(() => expect(ask).toBeEnabled());
    expect(ask).toHaveAccessibleDescription(
      'Reopens 1 answer marked “Needs information” for Harbour Bakery to answer and send back.',
    );
    await user.click(ask);
    expect(
      await within(screen.getByRole('region', { name: 'Verdict' })).findByText(/Waiting for Harbour Bakery/),
    ).toBeVisible();
    expect(api.callsTo(API.concludeReview)).toEqual([{ reviewId: 'rev-1', verdict: 'needsInformation' }]);
  });

  it('keeps Verify disabled with the reason until every answer is accepted, then verifies', async () => {
    const { api, user } = setup();
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    const verify = within(verdict).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription(
      'Accept every answer to verify the result: 1 answer is not accepted yet.',
    );
    expect(within(verdict).getByRole('button', { name: 'Ask for more information' })).toBeDisabled();

    await user.click(within(question(RENEWABLE)).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Verdict' })).getByRole('button', { name: 'Verify' }),
      ).toBeEnabled(),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Verdict' })).getByRole('button', { name: 'Verify' }),
    );
    expect(
      await screen.findByText(
        `Verified on ${formatDate('2026-12-03T10:00:00.000Z')} by Rita Reviewer, with a verified score of 62%.`,
      ),
    ).toBeVisible();
    // The button pressed is gone: the keyboard goes on from the verdict.
    expect(screen.getByRole('heading', { name: 'Verdict' })).toHaveFocus();
    expect(api.callsTo(API.decideReviewQuestion)).toEqual([
      { reviewId: 'rev-1', questionId: 'renewable-share', decision: 'accepted' },
    ]);
    expect(api.callsTo(API.concludeReview)).toEqual([{ reviewId: 'rev-1', verdict: 'verified' }]);
  });

  it('shows the server’s refusal of a verdict beside its button', async () => {
    const { api, user } = setup({
      ...REVIEW,
      questions: REVIEW.questions.map((each) => ({ ...each, decision: 'accepted' as const })),
    });
    api.handlers.set(API.concludeReview, () =>
      serverError('failed-precondition', 'Harbour Bakery completed a newer result since it asked.'),
    );
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    await user.click(within(verdict).getByRole('button', { name: 'Verify' }));
    expect(await within(verdict).findByRole('alert')).toHaveTextContent(
      "We couldn't verify the result: Harbour Bakery completed a newer result since it asked.",
    );
    expect(screen.getByLabelText('The review')).toHaveTextContent('StatusIn review');
  });

  it('sends a comment to the business and shows it in the thread', async () => {
    const { api, user } = setup();
    const renewable = await screen.findByRole('region', { name: RENEWABLE });
    await user.click(within(renewable).getByRole('button', { name: 'Send comment' }));
    expect(within(renewable).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription(
      expect.stringContaining('Write a comment.'),
    );
    await user.type(within(renewable).getByRole('textbox', { name: 'Comment' }), 'Which supplier is it?');
    await user.click(within(renewable).getByRole('button', { name: 'Send comment' }));
    expect(await within(renewable).findByText('Which supplier is it?')).toBeVisible();
    expect(within(renewable).getByText(/Rita Reviewer \(your organisation\)/)).toBeVisible();
    expect(api.callsTo(API.commentOnReview)).toEqual([
      { reviewId: 'rev-1', questionId: 'renewable-share', text: 'Which supplier is it?' },
    ]);
  });

  it('declines only with a note, said beside the field', async () => {
    const { api, user } = setup();
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    await user.click(within(verdict).getByRole('button', { name: 'Decline' }));
    expect(within(verdict).getByRole('textbox', { name: 'Why it is declined' })).toHaveAccessibleDescription(
      expect.stringContaining('Say why the result is not verified.'),
    );
    expect(api.callsTo(API.concludeReview)).toEqual([]);
    await user.type(
      within(verdict).getByRole('textbox', { name: 'Why it is declined' }),
      'No evidence was given.',
    );
    await user.click(within(verdict).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Why: No evidence was given.')).toBeVisible();
    expect(api.callsTo(API.concludeReview)).toEqual([
      { reviewId: 'rev-1', verdict: 'declined', note: 'No evidence was given.' },
    ]);
  });

  it('withdraws a verification only with a reason and after confirming it', async () => {
    const verified: Review = {
      ...REVIEW,
      status: 'verified',
      verifiedAt: '2026-12-03T10:00:00.000Z',
      verifiedPercent: 62,
      questions: REVIEW.questions.map((each) => ({ ...each, decision: 'accepted' })),
    };
    const { api, user } = setup(verified);
    const verdict = await screen.findByRole('region', { name: 'Verdict' });
    expect(screen.getByLabelText('The review')).toHaveTextContent('Verified score62%');
    // A verified review's answers are no longer decided or discussed.
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();

    await user.click(within(verdict).getByRole('button', { name: 'Withdraw verification' }));
    const reason = within(verdict).getByRole('textbox', { name: 'Why the verification is withdrawn' });
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Say why the verification is withdrawn.'),
    );
    await user.type(reason, 'The policy was withdrawn.');
    await user.click(within(verdict).getByRole('button', { name: 'Withdraw verification' }));
    const confirm = within(verdict).getByRole('group', { name: 'Confirm the withdrawal' });
    expect(within(confirm).getByText(/Withdraw the verification of Harbour Bakery\?/)).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(API.withdrawVerification)).toEqual([]);

    await user.click(within(verdict).getByRole('button', { name: 'Withdraw verification' }));
    await user.click(within(verdict).getByRole('button', { name: 'Yes, withdraw it' }));
    expect(await screen.findByText('Why: The policy was withdrawn.')).toBeVisible();
    expect(api.callsTo(API.withdrawVerification)).toEqual([
      { reviewId: 'rev-1', reason: 'The policy was withdrawn.' },
    ]);
  });
});
