import { useEffect } from 'react';
import { ErrorPanel } from '@toolkit/ui';
import { useRefreshClaimsMutation } from './users-api';

/**
 * Shown once the server refuses this screen for lack of rights: the caller's rights changed. It asks
 * for fresh claims as it appears, and the shell's guard then takes them back to the dashboard.
 */
export function RightsChanged() {
  const [refreshClaims, refresh] = useRefreshClaimsMutation();
  useEffect(() => {
    void refreshClaims();
  }, [refreshClaims]);
  return (
    <ErrorPanel
      title="Your permissions have changed"
      message={
        refresh.isError
          ? 'You can no longer manage users, and we could not update your access. Please sign out and sign in again.'
          : 'You can no longer manage users. We are updating your access and will take you back to the dashboard.'
      }
    />
  );
}
