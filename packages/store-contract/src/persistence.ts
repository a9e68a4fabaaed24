// Stored state is checked by hand, not with zod, to keep zod out of every page's first download
// (docs/decisions.md).
import { readLogo } from '@toolkit/ui';
import type { AuthState } from './slices/auth';
import type { CatalogueState } from './slices/catalogue';
import type { PlanState } from './slices/plan';
import type { SurveyState } from './slices/survey';
import type { TenantState } from './slices/tenant';

/** State of the shell-owned slices; remote slices are added by injection. */
export interface ShellState {
  auth: AuthState;
  tenant: TenantState;
  survey: SurveyState;
  plan: PlanState;
  /** Not persisted: read again each visit, so a survey published since shows. */
  catalogue: CatalogueState;
}

/**
 * Bump when a persisted slice changes shape incompatibly. Old keys are then removed on load; a
 * compatible change only needs the slice reader below to accept both shapes.
 */
export const PERSIST_VERSION = 1;
export const PERSIST_KEY = `toolkit:state:v${PERSIST_VERSION}`;
const OUR_KEYS = /^toolkit:state(?::v\d+)?$/;

/** Client state is kept in local storage; auth is not kept (Firebase owns the session). */
export const PERSISTED_SLICES = ['survey', 'tenant', 'plan'] as const;
export type PersistedSliceKey = (typeof PERSISTED_SLICES)[number];
export type PersistedState = Pick<ShellState, PersistedSliceKey>;

type Branding = NonNullable<PersistedState['tenant']['branding']>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);

const BRANDING_STRINGS = [
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'quaternaryColor',
  'font',
  'textColor',
] as const satisfies readonly (keyof Branding)[];
const BRANDING_LOGOS = [
  'primaryLogo',
  'secondaryLogo',
  'mobileSecondaryLogo',
] as const satisfies readonly (keyof Branding)[];

function readBranding(value: unknown): Branding | undefined {
  if (!isObject(value)) return undefined;
  const branding: Branding = {};
  for (const key of BRANDING_STRINGS) {
    const field = value[key];
    if (field === undefined) continue;
    if (!isString(field)) return undefined;
    branding[key] = field;
  }
  for (const key of BRANDING_LOGOS) {
    if (value[key] === undefined) continue;
    const logo = readLogo(value[key]);
    if (!logo) return undefined;
    branding[key] = logo;
  }
  return branding;
}

/** Each reader returns a copy holding only the slice's known fields, or undefined if the shape is wrong. */
const sliceReaders: { [K in PersistedSliceKey]: (value: unknown) => PersistedState[K] | undefined } = {
  survey: (value) =>
    isObject(value) && (value.status === 1 || value.status === 2) ? { status: value.status } : undefined,
  tenant: (value) => {
    if (!isObject(value) || !isStringOrNull(value.tenantId) || !isStringOrNull(value.error)) return undefined;
    const branding = value.branding === null ? null : readBranding(value.branding);
    return branding === undefined ? undefined : { tenantId: value.tenantId, branding, error: value.error };
  },
  plan: (value) =>
    isObject(value) &&
    isString(value.plan) &&
    value.plan !== '' &&
    Array.isArray(value.entitlements) &&
    value.entitlements.every(isString) &&
    isStringOrNull(value.error)
      ? { plan: value.plan, entitlements: [...value.entitlements], error: value.error }
      : undefined,
};

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function removeOtherVersions(storage: Storage) {
  const stale: string[] = [];
  const length = attempt(() => storage.length) ?? 0;
  for (let i = 0; i < length; i += 1) {
    const key = attempt(() => storage.key(i));
    if (key && key !== PERSIST_KEY && OUR_KEYS.test(key)) stale.push(key);
  }
  for (const key of stale) attempt(() => storage.removeItem(key));
}

/**
 * Reads what a previous visit saved. Never throws: unreadable JSON or another version yields
 * nothing, and each slice whose stored shape does not validate is left out, so the app starts from
 * that slice's initial state.
 */
export function loadPersistedState(storage: Storage): Partial<PersistedState> {
  removeOtherVersions(storage);
  const raw = attempt(() => storage.getItem(PERSIST_KEY));
  if (raw == null) return {};
  const parsed = attempt(() => JSON.parse(raw) as unknown);
  if (!isObject(parsed) || parsed.version !== PERSIST_VERSION || !isObject(parsed.state)) {
    attempt(() => storage.removeItem(PERSIST_KEY));
    return {};
  }
  const loaded: Partial<Record<PersistedSliceKey, unknown>> = {};
  for (const key of PERSISTED_SLICES) {
    const slice = sliceReaders[key](parsed.state[key]);
    if (slice) loaded[key] = slice;
  }
  return loaded as Partial<PersistedState>;
}

/** What is written: errors describe one visit's failed requests, so they are not carried over. */
export function selectPersistedState(state: ShellState): PersistedState {
  return {
    survey: state.survey,
    tenant: { ...state.tenant, error: null },
    plan: { ...state.plan, error: null },
  };
}

/** Writes the whitelisted slices. Returns false instead of throwing when storage refuses. */
export function savePersistedState(storage: Storage, state: PersistedState): boolean {
  try {
    storage.setItem(PERSIST_KEY, JSON.stringify({ version: PERSIST_VERSION, state }));
    return true;
  } catch {
    return false;
  }
}

export interface PersistableStore {
  getState(): ShellState;
  subscribe(listener: () => void): () => void;
}

export interface PersistOptions {
  /** At most one write per this many ms (default 500). */
  throttleMs?: number;
  /** Where to listen for `pagehide` / `visibilitychange` (default: window, when there is one). */
  eventTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** Called when a write fails (quota exceeded, storage disabled). Default: one console warning. */
  onError?: () => void;
}

export interface Persistence {
  /** Writes pending changes now. */
  flush(): void;
  /** Flushes, then stops listening. */
  stop(): void;
}

/**
 * Saves the whitelisted slices whenever they change, throttled: the first change is written at
 * once, later ones at most every `throttleMs`. Pending changes are flushed when the page is hidden
 * or unloaded, since a timer may never fire then.
 */
export function persistStore(
  store: PersistableStore,
  storage: Storage,
  options: PersistOptions = {},
): Persistence {
  const throttleMs = options.throttleMs ?? 500;
  const eventTarget = options.eventTarget === undefined ? defaultEventTarget() : options.eventTarget;
  let warned = false;
  const onError =
    options.onError ??
    (() => {
      if (!warned) console.warn('Could not save app state to local storage; it will not survive a reload.');
      warned = true;
    });

  const slicesOf = (state: ShellState) => PERSISTED_SLICES.map((key) => state[key]);
  let saved = slicesOf(store.getState());
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const isDirty = () => slicesOf(store.getState()).some((slice, i) => slice !== saved[i]);

  const write = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (!isDirty()) return;
    const state = store.getState();
    saved = slicesOf(state);
    lastWriteAt = Date.now();
    if (!savePersistedState(storage, selectPersistedState(state))) onError();
  };

  const onChange = () => {
    if (timer !== null || !isDirty()) return;
    const wait = lastWriteAt + throttleMs - Date.now();
    if (wait <= 0) write();
    else timer = setTimeout(write, wait);
  };

  const onVisibilityChange = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') write();
  };

  const unsubscribe = store.subscribe(onChange);
  eventTarget?.addEventListener('pagehide', write);
  eventTarget?.addEventListener('visibilitychange', onVisibilityChange);

  return {
    flush: write,
    stop() {
      write();
      unsubscribe();
      eventTarget?.removeEventListener('pagehide', write);
      eventTarget?.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

function defaultEventTarget() {
  return typeof window === 'undefined' ? null : window;
}

/** `window.localStorage`, or null where there is none or reading it throws (privacy modes, sandboxed iframes). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
