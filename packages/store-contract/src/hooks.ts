import { createSelector } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useAppStore } from './provider';
import type { AppDispatch, RootState } from './store';

export { useAppStore } from './provider';

export type EqualityFn<T> = (previous: T, next: T) => boolean;

export function useAppDispatch(): AppDispatch {
  return useAppStore().dispatch;
}

/**
 * The part of the state `selector` picks; the component re-renders only when that changes (by
 * `equalityFn`, or by identity). The selection is cached per store state, so `useSyncExternalStore`
 * sees a stable snapshot while the state stays the same.
 */
export function useAppSelector<Selected>(
  selector: (state: RootState) => Selected,
  equalityFn?: EqualityFn<Selected>,
): Selected {
  const store = useAppStore();
  // The selection last rendered, so an equal new one keeps its identity across renders too.
  const rendered = useRef<{ value: Selected } | null>(null);
  const subscribe = useCallback((onChange: () => void) => store.subscribe(onChange), [store]);
  const getSelection = useMemo(() => {
    let memo: { state: RootState; selection: Selected } | null = null;
    return () => {
      const state = store.getState();
      if (memo && Object.is(memo.state, state)) return memo.selection;
      const previous = memo ?? (rendered.current && { selection: rendered.current.value });
      const next = selector(state);
      const selection = previous && equalityFn?.(previous.selection, next) ? previous.selection : next;
      memo = { state, selection };
      return selection;
    };
  }, [store, selector, equalityFn]);
  const selection = useSyncExternalStore(subscribe, getSelection, getSelection);
  useEffect(() => {
    rendered.current = { value: selection };
  }, [selection]);
  return selection;
}

export const createAppSelector = createSelector.withTypes<RootState>();
