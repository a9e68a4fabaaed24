import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, formatDate, type EvidenceItem, type Review } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { entitlementsLoaded } from '@toolkit/store-contract';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';
import { BILL, NEEDS_INFORMATION, RESULT, reviewOf } from './fixtures';
import type { MyReview } from './review-request-api';

const PLAN_REFUSAL =
  'Asking for verification is part of the Leader plan. Choose it on Plans to ask for verification.';

/** A server that keeps the review asking, replying and sending back change, so the next read shows it. */
function setup(answer: Partial<MyReview> = {}, role = 'owner', evidence: EvidenceItem[] = []) {
  let stored: MyReview = { result: RESULT, review: null, canRequest: true, requestRefusal: null, ...answer };
  const withReview = (review: Review) => {
    stored = { ...stored, review, canRequest: false };
    return review;
  };
  const api = createFakeApi({
    [API.getMyReview]: () => stored,
    [API.listEvidence]: () => ({ items: evidence }),
    [API.requestReview]: () => withReview(reviewOf()),
    [API.commentOnReview]: (request) => {
      const review = stored.review!;
      return withReview({
        ...review,
        questions: review.questions.map((question) =>
          question.questionId === request.questionId
            ? {
                ...question,
                comments: [
                  ...question.comments,
                  {
                    commentId: `c-${question.comments.length + 2}`,
                    questionId: question.questionId,
                    side: 'business' as const,
                    authorName: 'Olivia Owens',
                    text: request.text,
                    at: '2026-11-27T08:00:00.000Z',
                  },
                ],
              }
            : question,
        ),
      });
    },
    [API.resubmitReview]: () =>
      withReview({
        ...stored.review!,
        status: 'inReview',
        questions: stored.review!.questions.map((question) => ({ ...question, open: false })),
      }),
  });
  const { store } = renderDashboard('/dashboard/evidence', api, { claims: { role, tenantId: 'tenant-1' } });
  return { api, store, user: userEvent.setup() };
}

const question = (title: string) => screen.getByRole('listitem', { name: title });

describe('Evidence and review', () => {
  it('without a completed result, says so and leads to the Quickscan', async () => {
    setup({ result: null, canRequest: false, requestRefusal: 'Complete your assessment first.' });
    expect(
      await screen.findByRole('heading', { name: 'You have not completed a Quickscan yet' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(screen.queryByRole('button', { name: /verify/ })).not.toBeInTheDocument();
  });

  it('lists the questions by section with the answers and which need evidence', async () => {
    setup();
    const energy = await screen.findByRole('region', { name: 'Energy' });
    expect(within(energy).getAllByRole('listitem')).toHaveLength(2);
    const renewable = within(energy).getByRole('listitem', { name: 'Do you buy renewable electricity?' });
    expect(renewable).toHaveTextContent('Your answer: Yes, all of it');
    expect(renewable).toHaveTextContent('Evidence required');
    expect(question('Is your lighting LED?')).not.toHaveTextContent('Evidence required');
    const governance = screen.getByRole('region', { name: 'Governance' });
    expect(
      within(governance).getByRole('listitem', { name: 'Do you have a sustainability policy?' }),
    ).toHaveTextContent('Yes, published on our website');
    // Nothing is locked before a review is asked for.
    expect(screen.queryByText(/^Locked/)).not.toBeInTheDocument();
  });

  it('asks the publisher to verify only after the person confirms that it locks the answers', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ask Coastal Council to verify' }));
    const confirm = screen.getByRole('group', { name: 'Confirm asking for verification' });
    expect(confirm).toHaveTextContent('its answers and evidence are locked');
    // The pressed button leaves the page: the keyboard goes on from what replaced it.
    expect(within(confirm).getByRole('button', { name: 'Yes, ask them' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Not yet' }));
    expect(api.callsTo(API.requestReview)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Ask Coastal Council to verify' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Ask Coastal Council to verify' }));
    await user.click(screen.getByRole('button', { name: 'Yes, ask them' }));
    expect(await screen.findByText('Waiting for Coastal Council')).toBeInTheDocument();
    expect(api.callsTo(API.requestReview)).toEqual([
      { surveyId: 'business-quickscan', resultId: 'result-1' },
    ]);
    expect(question('Is your lighting LED?')).toHaveTextContent(
      'Locked while Coastal Council reviews your result.',
    );
    expect(screen.queryByRole('button', { name: 'Ask Coastal Council to verify' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal to ask and changes nothing', async () => {
    const { api, user } = setup();
    api.handlers.set(API.requestReview, () =>
      serverError('failed-precondition', 'This result already has a review under way.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Ask Coastal Council to verify' }));
    await user.click(screen.getByRole('button', { name: 'Yes, ask them' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This result already has a review under way.');
    expect(screen.queryByText('Waiting for Coastal Council')).not.toBeInTheDocument();
  });

  it('when the plan does not allow asking, the button is disabled with the server’s words and leads to Plans', async () => {
    const { api } = setup({ canRequest: false, requestRefusal: PLAN_REFUSAL });
    const ask = await screen.findByRole('button', { name: 'Ask Coastal Council to verify' });
    expect(ask).toBeDisabled();
    expect(ask).toHaveAccessibleDescription(PLAN_REFUSAL);
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/dashboard/plans');
    expect(api.callsTo(API.requestReview)).toEqual([]);
  });

  it('leads to Plans only when the plan is what refuses, and names who can change it', async () => {
    const { store } = setup({ canRequest: false, requestRefusal: PLAN_REFUSAL }, 'admin');
    expect(await screen.findByText('An owner or billing member can change the plan.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See the plans' })).not.toBeInTheDocument();

    act(() => store.dispatch(entitlementsLoaded(['result-verification'])));
    expect(screen.queryByText('An owner or billing member can change the plan.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask Coastal Council to verify' })).toHaveAccessibleDescription(
      PLAN_REFUSAL,
    );
  });

  it('tells a member who may not ask who can', async () => {
    setup({}, 'user');
    expect(
      await screen.findByText('Only an owner or admin can ask Coastal Council to verify your result.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask Coastal Council to verify' })).not.toBeInTheDocument();
  });

  it.each<[string, Review, string]>([
    ['in review', reviewOf({ status: 'inReview' }), 'In review by Coastal Council'],
    [
      'verified',
      reviewOf({ status: 'verified', verifiedAt: '2026-12-03T09:00:00.000Z', verifiedPercent: 58 }),
      `Verified by Coastal Council on ${formatDate('2026-12-03T09:00:00.000Z')}`,
    ],
    [
      'declined',
      reviewOf({ status: 'declined', verdictNote: 'The bills do not cover this year.' }),
      'Declined: The bills do not cover this year.',
    ],
    [
      'withdrawn',
      reviewOf({ status: 'withdrawn', verdictNote: 'The policy was retracted.' }),
      'Verification withdrawn: The policy was retracted.',
    ],
  ])('says in words when the review is %s', async (_status, review, words) => {
    setup({ review, canRequest: false });
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('asks again after a declined review, and locks every answer of a verified one', async () => {
    setup({ review: reviewOf({ status: 'declined', verdictNote: 'Not enough.' }) });
    expect(await screen.findByRole('button', { name: 'Ask Coastal Council to verify' })).toBeEnabled();
    expect(screen.queryByText(/^Locked/)).not.toBeInTheDocument();
  });

  it('says why a verified result’s answers cannot change', async () => {
    setup({
      review: reviewOf({ status: 'verified', verifiedAt: '2026-12-03T09:00:00.000Z' }),
      canRequest: false,
    });
    expect(await screen.findByRole('listitem', { name: 'Is your lighting LED?' })).toHaveTextContent(
      'Locked: Coastal Council verified this answer as it stands.',
    );
    expect(screen.queryByRole('button', { name: /verify|Send back/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'go to Declaration' })).toHaveAttribute(
      'href',
      '/dashboard/declaration',
    );
  });

  describe('evidence', () => {
    it('shows each answer’s own evidence, open where evidence is required or given, folded elsewhere', async () => {
      const { user } = setup({}, 'owner', [BILL]);
      const energy = await screen.findByRole('listitem', { name: 'Do you buy renewable electricity?' });
      expect(await within(energy).findByRole('list', { name: 'Evidence' })).toHaveTextContent(
        'Power bill March.pdf',
      );
      expect(within(energy).getByText(/^Evidence \(1\)/)).toBeInTheDocument();
      // Required evidence is asked for in the open; elsewhere it is folded until opened.
      expect(
        within(question('Do you have a sustainability policy?')).getByRole('button', { name: 'Add link' }),
      ).toBeVisible();
      const lighting = question('Is your lighting LED?');
      expect(within(lighting).queryByText('Power bill March.pdf')).not.toBeInTheDocument();
      expect(within(lighting).getByRole('button', { name: 'Add link' })).not.toBeVisible();
      await user.click(within(lighting).getByText('Evidence'));
      expect(within(lighting).getByRole('button', { name: 'Add link' })).toBeVisible();
    });

    it('lets evidence be added only where no review locks the answer', async () => {
      setup({ review: NEEDS_INFORMATION, canRequest: false }, 'owner', [BILL]);
      const energy = await screen.findByRole('listitem', { name: 'Do you buy renewable electricity?' });
      expect(within(energy).getByRole('button', { name: 'Add link' })).toBeInTheDocument();
      expect(
        within(question('Is your lighting LED?')).queryByRole('button', { name: 'Add link' }),
      ).not.toBeInTheDocument();
    });

    it('says when the evidence cannot be read, and reads it again on Try again', async () => {
      const { api, user } = setup();
      api.handlers.set(API.listEvidence, () => serverError('unavailable', 'The service is down.'));
      expect(await screen.findByText(/We couldn't load your evidence/)).toBeInTheDocument();
      api.handlers.set(API.listEvidence, () => ({ items: [BILL] }));
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('list', { name: 'Evidence' })).toHaveTextContent('Power bill March.pdf');
    });
  });

  describe('when the publisher needs more information', () => {
    it('counts the questions asked about, shows each decision and thread, and locks the rest', async () => {
      setup({ review: NEEDS_INFORMATION, canRequest: false });
      expect(
        await screen.findByText('Coastal Council needs more information on 2 questions'),
      ).toBeInTheDocument();
      const energy = question('Do you buy renewable electricity?');
      expect(energy).toHaveTextContent('More information needed');
      expect(
        within(energy).getByRole('list', { name: 'Comments on Do you buy renewable electricity?' }),
      ).toHaveTextContent('Rita Reviewer (Coastal Council)');
      expect(energy).toHaveTextContent('Please attach this year’s electricity bill.');
      expect(within(energy).getByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
      const lighting = question('Is your lighting LED?');
      expect(lighting).toHaveTextContent('Accepted');
      expect(lighting).toHaveTextContent('Locked: Coastal Council asked about other questions only.');
      expect(within(lighting).queryByRole('textbox')).not.toBeInTheDocument();
    });

    it('lists the questions asked about, each leading to its place on the page', async () => {
      const { user } = setup({ review: NEEDS_INFORMATION, canRequest: false });
      const asked = await screen.findByRole('list', { name: 'Questions asked about' });
      expect(
        within(asked)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Do you buy renewable electricity?', 'Do you have a sustainability policy?']);
      await user.click(within(asked).getByRole('link', { name: 'Do you have a sustainability policy?' }));
      expect(screen.getByRole('heading', { name: 'Do you have a sustainability policy?' })).toHaveFocus();
    });

    it('sends a reply into the question’s thread; an empty one is refused and sends nothing', async () => {
      const { api, user } = setup({ review: NEEDS_INFORMATION, canRequest: false });
      const energy = await screen.findByRole('listitem', { name: 'Do you buy renewable electricity?' });
      await user.click(within(energy).getByRole('button', { name: 'Send reply' }));
      expect(await within(energy).findByText('Write a comment.')).toBeInTheDocument();
      expect(api.callsTo(API.commentOnReview)).toEqual([]);

      await user.type(within(energy).getByRole('textbox', { name: 'Your reply' }), 'Bill attached.');
      await user.click(within(energy).getByRole('button', { name: 'Send reply' }));
      await waitFor(() => expect(energy).toHaveTextContent('Olivia Owens'));
      expect(energy).toHaveTextContent('Bill attached.');
      expect(api.callsTo(API.commentOnReview)).toEqual([
        { reviewId: 'review-1', questionId: 'q-energy', text: 'Bill attached.' },
      ]);
      expect(within(energy).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
    });

    it('sends the result back for review, which locks its answers again', async () => {
      const { api, user } = setup({ review: NEEDS_INFORMATION, canRequest: false });
      await user.click(await screen.findByRole('button', { name: 'Send back for review' }));
      expect(await screen.findByText('In review by Coastal Council')).toBeInTheDocument();
      expect(api.callsTo(API.resubmitReview)).toEqual([{ reviewId: 'review-1' }]);
      expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
      expect(question('Do you buy renewable electricity?')).toHaveTextContent('Locked while Coastal Council');
    });

    it('tells a member who may not send it back who can, while they still reply', async () => {
      setup({ review: NEEDS_INFORMATION, canRequest: false }, 'user');
      expect(await screen.findByText('Only an owner or admin can send it back.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send back for review' })).not.toBeInTheDocument();
      expect(screen.getAllByRole('textbox', { name: 'Your reply' })).toHaveLength(2);
    });
  });
});
