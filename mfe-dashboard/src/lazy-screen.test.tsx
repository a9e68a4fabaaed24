import { act, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';

/** A screen module whose download the test finishes, and a count of the screen's mounts. */
function screenModule() {
  let arrive: () => void = () => undefined;
  let mounts = 0;
  function Users() {
    const [mountedAs] = useState(() => ++mounts);
    return <h1>Users (mount {mountedAs})</h1>;
  }
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = jest.fn(() => arrived.then(() => ({ UsersScreen: Users as ComponentType })));
  return { load, arrive: () => act(async () => arrive()) };
}

/** Draws `Screen` in a Suspense boundary, with a way to draw it again. */
function draw(Screen: ComponentType) {
  let again: () => void = () => undefined;
  function Page() {
    const [, setRenders] = useState(0);
    again = () => setRenders((n) => n + 1);
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Screen />
      </Suspense>
    );
  }
  render(<Page />);
  return { again: () => act(() => again()) };
}

it('draws a screen whose code has arrived at once, without the spinner', async () => {
  const { load, arrive } = screenModule();
  const prefetches: (() => Promise<unknown>)[] = [];
  const Users = lazyScreen(load, 'UsersScreen', prefetches);
  const prefetched = prefetches[0]!();
  await arrive();
  await prefetched;
  draw(Users);
  expect(screen.getByRole('heading')).toHaveTextContent('Users (mount 1)');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('draws the spinner until the code of a screen opened first arrives, then keeps that screen mounted', async () => {
  const { load, arrive } = screenModule();
  const Users = lazyScreen(load, 'UsersScreen', []);
  const { again } = draw(Users);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  await arrive();
  expect(await screen.findByRole('heading')).toHaveTextContent('Users (mount 1)');
  again();
  expect(screen.getByRole('heading')).toHaveTextContent('Users (mount 1)');
  expect(load).toHaveBeenCalledTimes(1);
});
