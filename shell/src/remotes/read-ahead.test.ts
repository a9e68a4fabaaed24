import { areasAhead } from './read-ahead';

describe('areasAhead', () => {
  it('reads the billing area ahead from the dashboard for a role that opens Plans', () => {
    expect(areasAhead('dashboard', { role: 'owner', tenantId: 't1' })).toEqual(['billing']);
    expect(areasAhead('dashboard', { role: 'billing', tenantId: 't1' })).toEqual(['billing']);
  });

  it('reads nothing ahead for a role that Plans refuses, nor from other areas', () => {
    expect(areasAhead('dashboard', { role: 'viewer', tenantId: 't1' })).toEqual([]);
    expect(areasAhead('dashboard', {})).toEqual([]);
    expect(areasAhead('billing', { role: 'owner', tenantId: 't1' })).toEqual([]);
    expect(areasAhead('survey', { role: 'owner', tenantId: 't1' })).toEqual([]);
  });
});
