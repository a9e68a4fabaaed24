// The readers decode what is stored leniently and alike: a field missing, empty or of another type
// (a document written by hand or by an older version) reads as the same "nothing" everywhere.
import { MATERIALITY_TOPIC_IDS } from '@toolkit/domain';
import { alertConfirmationOf } from './alerts';
import { credentialOf } from './credentials';
import { inviteOf } from './invites';
import { materialityOf } from './materiality';
import { tenantOf } from './tenants';
import { globalUserOf, tenantUserOf } from './users';

describe('a tenant user', () => {
  it('keeps a known role and boolean overrides of known permissions only', () => {
    const user = tenantUserOf({
      id: 'u1',
      data: {
        role: 'emperor',
        permissions: { manageUsers: 'yes', editInsights: true, rule: true },
        email: 5,
        firstName: 'Ada',
        invitePending: 'true',
      },
    });
    expect(user).toEqual({
      uid: 'u1',
      email: '',
      firstName: 'Ada',
      lastName: '',
      role: 'user',
      permissions: { editInsights: true },
      organization: null,
      invitePending: false,
    });
  });

  it('is null when the document does not exist', () => {
    expect(tenantUserOf({ id: 'u1', data: null })).toBeNull();
  });
});

describe('a global user', () => {
  it('lists only the tenant ids it names, and no proof of address before one was recorded', () => {
    expect(globalUserOf({ tenants: ['t1', '', 7, 't2'], addressProvenAt: '', addressProof: 'x' })).toEqual({
      tenants: ['t1', 't2'],
      firstName: '',
      lastName: '',
      addressProvenAt: null,
      addressProof: null,
    });
  });
});

describe('a tenant', () => {
  it('treats an empty id as none: no billing customer, no credential', () => {
    expect(tenantOf('t1', { stripeCustomerId: '', declarationCredentialId: 42, getStarted: 'yes' })).toEqual({
      id: 't1',
      createdBy: '',
      getStarted: false,
      name: '',
      toolkit: null,
      stripeCustomerId: null,
      declarationCredentialId: null,
    });
  });
});

describe('an invite', () => {
  it('stored before surveyTenantId keeps its result under the inviting tenant, and was sent when made', () => {
    const invite = inviteOf({
      id: 'i1',
      data: { status: 'pending', tenantId: 't1', createdAt: '2024-01-01T00:00:00.000Z', redeemedBy: '' },
    });
    expect(invite).toMatchObject({
      surveyTenantId: 't1',
      sentAt: '2024-01-01T00:00:00.000Z',
      redeemedBy: null,
      role: 'user',
      claim: null,
    });
  });
});

describe('a credential', () => {
  it('reads an unknown stage as the first, and anything but a date string as not revoked', () => {
    const credential = credentialOf('c1', { stage: 'Emperor', revokedAt: true, signedBy: 'someone' });
    expect(credential).toMatchObject({
      stage: 'Initiator',
      revokedAt: null,
      signedBy: { name: '', email: '' },
    });
  });
});

describe('an alert confirmation link', () => {
  it('names nobody without both the organisation and the address', () => {
    expect(alertConfirmationOf({ tenantId: 't1', email: 7 })).toBeNull();
    expect(alertConfirmationOf({ tenantId: 't1', email: 'a@example.com' })).toEqual({
      tenantId: 't1',
      email: 'a@example.com',
      sentAt: '',
    });
  });
});

describe('the materiality ratings', () => {
  it('leave out a rating off the scale or for a matter no longer listed', () => {
    const [offScale, kept] = MATERIALITY_TOPIC_IDS;
    const stored = materialityOf({
      ratings: {
        [offScale]: { impact: 9, financial: 2 },
        [kept!]: { impact: 3, financial: 4 },
        'not-a-matter': { impact: 1, financial: 1 },
      },
      updatedAt: 5,
    });
    expect(stored).toEqual({ ratings: { [kept!]: { impact: 3, financial: 4 } }, updatedAt: null });
  });
});
