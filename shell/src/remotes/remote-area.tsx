import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { useNavigate, type Navigator } from 'react-router';
import { useStore } from 'react-redux';
import { useTheme } from 'styled-components';
import type { AppServices, ParcelProps, RemoteLifecycles } from '@toolkit/parcel';
import type { AppStore } from '@toolkit/store-contract';
import { ErrorPanel, Spinner } from '@toolkit/ui';
import { useShownLocation } from '../shown-location';
import { areasAhead, whenIdle } from './read-ahead';
import { loadRemoteLifecycles, type RemoteName } from './registry';

const AREA_LABEL: Record<RemoteName, string> = {
  survey: 'survey',
  dashboard: 'dashboard',
  journey: 'journey',
  billing: 'plans and billing',
};

type LoadState = { kind: 'loading' } | { kind: 'ready'; lifecycles: RemoteLifecycles } | { kind: 'failed' };

/** The boundary shows a kind message; the cause goes to the console for whoever debugs it. */
function failedLoad(name: RemoteName, error: unknown): LoadState {
  console.error(`The ${name} remote failed to load or mount`, error);
  return { kind: 'failed' };
}

function useShellNavigator(): Navigator {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      createHref: (to) =>
        typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`,
      go: (delta) => navigate(delta),
      push: (to, state) => navigate(to, { state }),
      replace: (to, state) => navigate(to, { state, replace: true }),
    }),
    [navigate],
  );
}

/** Loads a remote at runtime and mounts it as a single-spa parcel; a failure shows a retry boundary. */
export function RemoteArea({
  name,
  basePath,
  services,
}: {
  name: RemoteName;
  basePath: string;
  services: AppServices;
}) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const host = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const store = useStore() as AppStore;
  const theme = useTheme();
  const location = useShownLocation();
  const navigator = useShellNavigator();

  const props: Omit<ParcelProps, 'domElement'> = { store, services, theme, basePath, location, navigator };
  const latestProps = useRef(props);
  // Before the mount and update effects below read it.
  useLayoutEffect(() => {
    latestProps.current = props;
  });

  useEffect(() => {
    let cancelled = false;
    setLoad({ kind: 'loading' });
    loadRemoteLifecycles(name).then(
      (lifecycles) => !cancelled && setLoad({ kind: 'ready', lifecycles }),
      (error: unknown) => !cancelled && setLoad(failedLoad(name, error)),
    );
    return () => {
      cancelled = true;
    };
  }, [name, attempt]);

  useEffect(() => {
    if (load.kind !== 'ready' || !host.current) return;
    const mounted = mountRootParcel(load.lifecycles as never, {
      ...latestProps.current,
      domElement: host.current,
    });
    parcel.current = mounted;
    mounted.mountPromise.then(
      () =>
        whenIdle(() => {
          for (const area of areasAhead(name, store.getState().auth.claims))
            loadRemoteLifecycles(area).catch(() => undefined);
        }),
      (error: unknown) => setLoad(failedLoad(name, error)),
    );
    return () => {
      parcel.current = null;
      mounted.mountPromise.then(() => mounted.unmount()).catch(() => undefined);
    };
  }, [load, name, store]);

  useEffect(() => {
    const mounted = parcel.current;
    if (!mounted?.update) return;
    mounted.mountPromise.then(
      () => mounted.getStatus() === 'MOUNTED' && mounted.update?.(latestProps.current),
    );
  }, [location, theme, basePath, navigator]);

  if (load.kind === 'failed') {
    return (
      <ErrorPanel
        title={`The ${AREA_LABEL[name]} area could not be loaded`}
        message="Check your connection; the rest of the app keeps working."
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  return (
    <>
      {load.kind === 'loading' && <Spinner label={`Loading the ${AREA_LABEL[name]} area`} />}
      <div ref={host} data-remote={name} />
    </>
  );
}
