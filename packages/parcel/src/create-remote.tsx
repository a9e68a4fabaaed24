import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { Router } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from 'styled-components';
import { ErrorPanel } from '@toolkit/ui';
import type { ParcelProps } from './props';

export interface RemoteLifecycles {
  bootstrap: (props: ParcelProps) => Promise<unknown>;
  mount: (props: ParcelProps) => Promise<unknown>;
  unmount: (props: ParcelProps) => Promise<unknown>;
  update?: (props: ParcelProps) => Promise<unknown>;
}

/** The providers every remote renders inside: the shell's store, the tenant theme and the shell's router. */
export function RemoteProviders({ children, ...props }: ParcelProps & { children: React.ReactNode }) {
  return (
    <Provider store={props.store}>
      <ThemeProvider theme={props.theme}>
        <Router location={props.location} navigator={props.navigator}>
          {children}
        </Router>
      </ThemeProvider>
    </Provider>
  );
}

/** Wraps a remote's root component in single-spa lifecycles with an error boundary. */
export function createRemoteLifecycles(
  App: ComponentType<ParcelProps>,
  remoteName: string,
): RemoteLifecycles {
  function Root(props: ParcelProps) {
    return (
      <RemoteProviders {...props}>
        <App {...props} />
      </RemoteProviders>
    );
  }
  return singleSpaReact<ParcelProps>({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Root,
    errorBoundary: (error: Error) => (
      <ErrorPanel title={`The ${remoteName} area stopped working`} message={error.message} />
    ),
  }) as unknown as RemoteLifecycles;
}
