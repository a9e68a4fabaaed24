// Local copies of small shapes owned elsewhere (AuthClaims mirrors @toolkit/domain, TenantBranding
// mirrors @toolkit/ui), so the contract builds without waiting on either package. They are
// structurally identical, so values pass between them without casts.

export interface AuthClaims {
  role?: string;
  admin?: boolean;
  permissions?: Partial<Record<string, boolean>>;
  tenantId?: string;
}

export interface LogoAsset {
  url: string;
  title?: string;
}

export interface TenantBranding {
  primaryColor?: string;
  secondaryColor?: string;
  tertiaryColor?: string;
  quaternaryColor?: string;
  font?: string;
  textColor?: string;
  primaryLogo?: LogoAsset;
  secondaryLogo?: LogoAsset;
  mobileSecondaryLogo?: LogoAsset;
}
