// The publishers of the local stack: the tenants whose surveys the local content service serves
// (packages/content), each with an owner account to sign in as. Created once on a fresh local
// database and Auth emulator, never changed afterwards.
import { grantTenantClaims, type AuthPort } from './auth/port';
import { paths } from './repositories/paths';
import { readTenantUser } from './repositories/users';
import type { DocumentStore } from './store/port';

export interface Publisher {
  tenantId: string;
  name: string;
  /** The toolkit its portal (/flow/{toolkit}) signs businesses up to. */
  toolkit: string;
  owner: { email: string; firstName: string; lastName: string };
}

export const PUBLISHERS: readonly Publisher[] = [
  {
    tenantId: 'demo-publisher',
    name: 'Demo Publisher Business Network',
    toolkit: 'quickscan',
    owner: { email: 'owner@demo-publisher.example', firstName: 'Dana', lastName: 'Dempsey' },
  },
  {
    tenantId: 'coastal-council',
    name: 'Coastal Council Green Business Program',
    toolkit: 'coastal',
    owner: { email: 'owner@coastal-council.example', firstName: 'Cass', lastName: 'Moana' },
  },
];

export const DEMO_TENANT_ID = PUBLISHERS[0]!.tenantId;

/** Creates each publisher tenant that is missing; an existing one (perhaps edited) is left as it is. */
export async function seedPublisherTenants(
  store: DocumentStore,
  now = new Date(),
): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const publisher of PUBLISHERS) {
    const path = paths.tenant(publisher.tenantId);
    const isNew = await store.transaction(async (tx) => {
      if ((await tx.get(path)).data) return false;
      tx.create(path, {
        name: publisher.name,
        createdBy: 'system',
        getStarted: true,
        toolkit: publisher.toolkit,
        createdAt: now.toISOString(),
      });
      return true;
    });
    if (isNew) created.push(publisher.tenantId);
  }
  return { created };
}

/**
 * Gives each publisher its owner: an account with that e-mail address (created when missing),
 * owner of the publisher tenant. An owner already recorded keeps whatever role and names they have.
 */
export async function seedPublisherOwners(
  store: DocumentStore,
  auth: AuthPort,
  now = new Date(),
): Promise<void> {
  for (const { tenantId, name, owner } of PUBLISHERS) {
    const account = (await auth.getUserByEmail(owner.email)) ?? (await auth.createUser(owner.email));
    const role = await store.transaction(async (tx) => {
      const member = await readTenantUser(tx, tenantId, account.uid);
      if (member) return member.role;
      const createdAt = now.toISOString();
      tx.create(paths.tenantUser(tenantId, account.uid), {
        email: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        createdAt,
        tenantId,
        group: 'owner',
        organization: { name },
        role: 'owner',
      });
      tx.set(
        paths.globalUser(account.uid),
        {
          email: owner.email,
          firstName: owner.firstName,
          lastName: owner.lastName,
          createdAt,
          tenants: [tenantId],
        },
        { merge: true },
      );
      return 'owner' as const;
    });
    await grantTenantClaims(auth, account.uid, tenantId, role);
  }
}
