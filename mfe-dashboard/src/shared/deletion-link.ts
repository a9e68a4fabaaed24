// Where a deletion e-mail's link opens (Profile for an account, Manage for an organisation): the
// token rides in the fragment, which the browser never sends to a server. Opening the link deletes
// nothing, so a mail scanner following it cannot; the screen's button confirms, then signs out,
// since the session that remains would only meet refusals, and the page the person lands on says
// what was deleted.
import { useLocation, useNavigate } from 'react-router';
import { authError, useAppDispatch } from '@toolkit/store-contract';
import { useServices } from './services';

export function useDeletionLink<Answer>(
  fragment: string,
  confirmDeletion: (request: { token: string }) => { unwrap: () => Promise<Answer> },
  /** What was deleted, in words, from the server's answer. */
  farewell: (answer: Answer) => string,
) {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { signOut } = useServices();
  const token = hash.startsWith(`#${fragment}`) ? hash.slice(fragment.length + 1) : null;
  return {
    token,
    confirm: async () => {
      if (token === null) return;
      const answer = await confirmDeletion({ token }).unwrap();
      await signOut();
      // Told on the start page the signed-out person lands on, as the shell tells why a session ended.
      dispatch(authError(farewell(answer)));
    },
    /** Leaves the link's page without deleting: the fragment goes, and the question with it. */
    keep: () => void navigate(pathname, { replace: true }),
  };
}
