// Who may see, confirm or decline a result waiting for their address ("Save my results"): the
// address's owner, signed in through its inbox, never a session an invite link opened.
import { ApiError } from '../../api/errors';
import type { Member } from '../../api/handler';
import { signedInByEmail } from '../../auth/email-sign-in';
import type { Claimant } from '../../repositories/result-claims';
import { verifiedEmailOf } from '../access';

export const CLAIM_ANSWER_MESSAGES = {
  emailSignInRequired:
    'To save results kept for your address, sign in with the link we e-mail to it, then open this page again.',
  notWaiting:
    'These results are no longer waiting for you: they were saved or discarded, or the request expired.',
};

export function claimantOf(caller: Member): Claimant {
  if (!signedInByEmail(caller))
    throw new ApiError('failed-precondition', CLAIM_ANSWER_MESSAGES.emailSignInRequired);
  return { uid: caller.uid, email: verifiedEmailOf(caller), tenantId: caller.tenantId };
}
