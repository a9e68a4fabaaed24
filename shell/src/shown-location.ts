// The location the remotes draw. It is the router's, except while the guard checks a page that needs
// rights: the page the person came from stays drawn, at its own location, until the check lets the
// new one through, instead of the area being taken down for a spinner and drawn again.
import { createContext, useContext } from 'react';
import { useLocation, type Location } from 'react-router';

export const ShownLocation = createContext<Location | null>(null);

export function useShownLocation(): Location {
  const current = useLocation();
  return useContext(ShownLocation) ?? current;
}
