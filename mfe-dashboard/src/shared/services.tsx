import { createContext, useContext, type ReactNode } from 'react';
import type { AppServices } from '@toolkit/parcel';

const ServicesContext = createContext<AppServices | null>(null);

/** The shell's services for every screen below, so screens reach I/O only through them. */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Dashboard screens need the shell services (ServicesProvider).');
  return services;
}
