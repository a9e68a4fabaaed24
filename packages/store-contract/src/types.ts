// Shapes owned by other packages, named here because the contract's slices hold them.
export type { AuthClaims } from '@toolkit/domain';
export type { LogoAsset, TenantBranding } from '@toolkit/ui';
