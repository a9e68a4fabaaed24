import { lazy, useRef, type ComponentType } from 'react';

/**
 * A screen whose code downloads when its page is first opened, or earlier through `prefetches`
 * (the first screen after sign-in does not wait for the code of the other twenty). Once its code
 * is in, it draws at once: React.lazy would still wait a turn on its first draw and show the
 * spinner meanwhile, a render of its own on a phone. Which of the two a mounted screen is stays
 * fixed, so a later render never draws it anew.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  prefetches: (() => Promise<unknown>)[],
): ComponentType {
  let ready: ComponentType | null = null;
  const loadScreen = () => load().then((module): ComponentType => (ready = module[name]));
  prefetches.push(loadScreen);
  const Lazy = lazy(() => loadScreen().then((component) => ({ default: component })));
  return function Screen() {
    const Component = useRef<ComponentType | typeof Lazy>(ready ?? Lazy).current;
    return <Component />;
  };
}
