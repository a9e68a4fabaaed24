import {
  authChanged,
  browserStorage,
  createAppStore,
  entitlementsFailed,
  loadPersistedState,
  PERSIST_KEY,
  PERSIST_VERSION,
  planResolved,
  surveyCompleted,
  surveyStarted,
  tenantNotFound,
  tenantResolved,
} from './index';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  setItemCalls = 0;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.setItemCalls += 1;
    this.items.set(key, String(value));
  }
  stored(): unknown {
    const raw = this.getItem(PERSIST_KEY);
    return raw === null ? null : JSON.parse(raw);
  }
}

const validState = {
  survey: { status: 2 },
  tenant: {
    tenantId: 'acme',
    branding: { primaryColor: '#123456', primaryLogo: { url: '/l.png' } },
    error: null,
  },
  plan: { plan: 'Pro', entitlements: ['brandkit'], error: null },
};

function seeded(value: unknown, key = PERSIST_KEY) {
  const storage = new MemoryStorage();
  storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  return storage;
}

const user = {
  uid: 'u1',
  email: 'a@b.c',
  displayName: null,
  emailVerified: true,
  isAnonymous: false,
  tenantId: null,
};

afterEach(() => {
  jest.useRealTimers();
});

describe('key and version', () => {
  it('is versioned', () => {
    expect(PERSIST_VERSION).toBe(1);
    expect(PERSIST_KEY).toBe('toolkit:state:v1');
  });
});

describe('round trip', () => {
  it('restores survey, tenant and plan in a new store, but not auth', () => {
    const storage = new MemoryStorage();
    const first = createAppStore({ storage });
    first.dispatch(authChanged({ user, claims: { role: 'admin' } }));
    first.dispatch(surveyCompleted());
    first.dispatch(tenantResolved({ tenantId: 'acme', branding: { textColor: '#111111' } }));
    first.dispatch(planResolved('Pro'));
    first.persistence?.flush();

    const second = createAppStore({ storage });
    const state = second.getState();
    expect(state.survey).toEqual({ status: 2 });
    expect(state.tenant).toEqual({ tenantId: 'acme', branding: { textColor: '#111111' }, error: null });
    expect(state.plan).toEqual({ plan: 'Pro', entitlements: [], error: null });
    expect(state.auth.status).toBe('unknown');
    expect(JSON.stringify(storage.stored())).not.toContain('u1');
  });

  it('does not carry errors into the next visit', () => {
    const storage = new MemoryStorage();
    const first = createAppStore({ storage });
    first.dispatch(tenantNotFound());
    first.dispatch(entitlementsFailed(undefined));
    first.persistence?.flush();
    const state = createAppStore({ storage }).getState();
    expect(state.tenant.error).toBeNull();
    expect(state.plan.error).toBeNull();
  });

  it('lets preloadedState win over what was stored', () => {
    const storage = seeded({ version: 1, state: validState });
    const state = createAppStore({ storage, preloadedState: { survey: { status: 1 } } }).getState();
    expect(state.survey.status).toBe(1);
    expect(state.plan.plan).toBe('Pro');
  });

  it('uses local storage by default', () => {
    window.localStorage.clear();
    const store = createAppStore();
    store.dispatch(surveyCompleted());
    store.persistence?.stop();
    expect(JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? 'null')).toMatchObject({
      version: 1,
      state: { survey: { status: 2 } },
    });
    expect(createAppStore().getState().survey.status).toBe(2);
    window.localStorage.clear();
  });
});

describe('loading damaged or old state', () => {
  it.each([
    ['invalid JSON', '{"version":1,"state":'],
    ['JSON null', 'null'],
    ['a bare string', '"hello"'],
    ['no envelope', JSON.stringify(validState)],
    ['another version', JSON.stringify({ version: 0, state: validState })],
    ['a newer version', JSON.stringify({ version: 2, state: validState })],
    ['state not an object', JSON.stringify({ version: 1, state: [1, 2] })],
  ])('ignores %s, starts from defaults and removes the key', (_name, raw) => {
    const storage = seeded(raw);
    const state = createAppStore({ storage }).getState();
    expect(state.survey).toEqual({ status: 1 });
    expect(state.tenant).toEqual({ tenantId: null, branding: null, error: null });
    expect(state.plan).toEqual({ plan: 'Free', entitlements: [], error: null });
    expect(storage.getItem(PERSIST_KEY)).toBeNull();
  });

  it.each([
    ['survey', { status: 'completed' }],
    ['survey', { status: 3 }],
    ['survey', null],
    ['tenant', { tenantId: 42, branding: null, error: null }],
    ['tenant', { tenantId: 'acme', branding: { primaryColor: 7 }, error: null }],
    ['tenant', { tenantId: 'acme', branding: { primaryLogo: 'logo.png' }, error: null }],
    ['plan', { plan: 'Pro' }],
    ['plan', { plan: '', entitlements: [], error: null }],
    ['plan', { plan: 'Pro', entitlements: [{ lookup_key: 'brandkit' }], error: null }],
  ] as const)('drops only the %s slice when its shape is %j', (key, value) => {
    const storage = seeded({ version: 1, state: { ...validState, [key]: value } });
    const loaded = loadPersistedState(storage);
    expect(loaded).not.toHaveProperty(key);
    for (const other of ['survey', 'tenant', 'plan'] as const) {
      if (other !== key) expect(loaded[other]).toEqual(validState[other]);
    }
    const state = createAppStore({ storage }).getState();
    expect(state[key]).toEqual(createAppStore({ storage: null }).getState()[key]);
  });

  it("keeps a stored logo's size, as the theme reads it", () => {
    const logo = { url: '/l.svg', title: 'Acme', width: 240, height: 60 };
    const tenant = { tenantId: 'acme', branding: { primaryLogo: logo }, error: null };
    const storage = seeded({ version: 1, state: { ...validState, tenant } });
    expect(loadPersistedState(storage).tenant?.branding?.primaryLogo).toEqual(logo);
  });

  it('drops fields it does not know and never restores auth', () => {
    const storage = seeded({
      version: 1,
      state: {
        ...validState,
        survey: { status: 2, legacyStep: 4 },
        auth: { status: 'signedIn', user, claims: { admin: true }, error: null },
      },
    });
    const state = createAppStore({ storage }).getState();
    expect(state.survey).toEqual({ status: 2 });
    expect(state.auth.status).toBe('unknown');
    expect(state.auth.claims).toEqual({});
  });

  it('removes keys of other versions and leaves other apps alone', () => {
    const storage = new MemoryStorage();
    storage.setItem('toolkit:state:v0', JSON.stringify({ version: 0, state: {} }));
    storage.setItem('toolkit:state', '{}');
    storage.setItem('toolkit:state:v2', '{}');
    storage.setItem('other-app', 'keep');
    storage.setItem(PERSIST_KEY, JSON.stringify({ version: 1, state: validState }));
    loadPersistedState(storage);
    expect(storage.getItem('toolkit:state:v0')).toBeNull();
    expect(storage.getItem('toolkit:state')).toBeNull();
    expect(storage.getItem('toolkit:state:v2')).toBeNull();
    expect(storage.getItem('other-app')).toBe('keep');
    expect(storage.getItem(PERSIST_KEY)).not.toBeNull();
  });
});

describe('throttled saving', () => {
  it('writes the first change at once, then at most once per 500 ms with the latest state', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const store = createAppStore({ storage, persist: { eventTarget: null } });
    expect(storage.setItemCalls).toBe(0);

    store.dispatch(surveyCompleted());
    expect(storage.setItemCalls).toBe(1);

    store.dispatch(planResolved('Pro'));
    store.dispatch(tenantResolved({ tenantId: 'acme' }));
    store.dispatch(planResolved('Business'));
    jest.advanceTimersByTime(499);
    expect(storage.setItemCalls).toBe(1);
    jest.advanceTimersByTime(1);
    expect(storage.setItemCalls).toBe(2);
    expect(storage.stored()).toMatchObject({
      state: { plan: { plan: 'Business' }, tenant: { tenantId: 'acme' } },
    });

    jest.advanceTimersByTime(5000);
    expect(storage.setItemCalls).toBe(2);
  });

  it('does not write when only auth changes or nothing changed', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const store = createAppStore({ storage, persist: { eventTarget: null } });
    store.dispatch(authChanged({ user }));
    store.dispatch(surveyStarted());
    jest.advanceTimersByTime(1000);
    store.persistence?.flush();
    expect(storage.setItemCalls).toBe(0);
  });

  it('flushes a pending write on pagehide', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const store = createAppStore({ storage });
    store.dispatch(surveyCompleted());
    store.dispatch(planResolved('Pro'));
    expect(storage.stored()).toMatchObject({ state: { plan: { plan: 'Free' } } });
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.stored()).toMatchObject({ state: { plan: { plan: 'Pro' } } });
    expect(storage.setItemCalls).toBe(2);
    jest.advanceTimersByTime(1000);
    expect(storage.setItemCalls).toBe(2);
    store.persistence?.stop();
  });

  it('flushes when the page is hidden', () => {
    jest.useFakeTimers();
    const storage = new MemoryStorage();
    const store = createAppStore({ storage });
    store.dispatch(surveyCompleted());
    store.dispatch(planResolved('Pro'));
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    window.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(storage.stored()).toMatchObject({ state: { plan: { plan: 'Pro' } } });
    store.persistence?.stop();
  });

  it('stops listening after stop()', () => {
    const storage = new MemoryStorage();
    const store = createAppStore({ storage });
    store.persistence?.stop();
    store.dispatch(surveyCompleted());
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.setItemCalls).toBe(0);
  });
});

describe('storage failures', () => {
  it('keeps working when writes fail (quota, disabled storage), reporting once', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createAppStore({ storage, persist: { throttleMs: 0, eventTarget: null } });
    expect(() => {
      store.dispatch(surveyCompleted());
      store.dispatch(planResolved('Pro'));
    }).not.toThrow();
    expect(store.getState().plan.plan).toBe('Pro');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('calls onError when given', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error('denied');
    };
    const onError = jest.fn();
    const store = createAppStore({ storage, persist: { onError, eventTarget: null } });
    store.dispatch(surveyCompleted());
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('starts from defaults when reads throw', () => {
    const storage = new MemoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    storage.key = () => {
      throw new Error('SecurityError');
    };
    const store = createAppStore({ storage, persist: { eventTarget: null } });
    expect(store.getState().survey.status).toBe(1);
  });

  it('treats a localStorage that throws on access as no storage', () => {
    const spy = jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(browserStorage()).toBeNull();
    const store = createAppStore();
    expect(store.persistence).toBeNull();
    spy.mockRestore();
  });
});
