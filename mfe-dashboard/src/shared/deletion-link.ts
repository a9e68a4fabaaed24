// Where a deletion e-mail's link opens (Profile for an account, Manage for an organisation): the
// token rides in the fragment, which the browser never sends to a server. Opening the link deletes
// nothing, so a mail scanner following it cannot; the screen's button confirms, then signs out,
// since the session that remains would only meet refusals.
import { useLocation, useNavigate } from 'react-router';
import { useServices } from './services';

export function useDeletionLink(
  fragment: string,
  confirmDeletion: (request: { token: string }) => { unwrap: () => Promise<unknown> },
) {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useServices();
  const token = hash.startsWith(`#${fragment}`) ? hash.slice(fragment.length + 1) : null;
  return {
    token,
    confirm: async () => {
      if (token === null) return;
      await confirmDeletion({ token }).unwrap();
      await signOut();
    },
    /** Leaves the link's page without deleting: the fragment goes, and the question with it. */
    keep: () => void navigate(pathname, { replace: true }),
  };
}
