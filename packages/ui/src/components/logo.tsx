import styled from 'styled-components';
import type { LogoAsset } from '../theme';

const Img = styled.img`
  display: block;
  max-height: 60px;
  width: auto;
  max-width: 100%;
  object-fit: contain;
`;

export interface LogoProps {
  logo: LogoAsset | null | undefined;
  /** Alt text; defaults to the logo's title, then to "Logo". */
  alt?: string;
  className?: string;
}

/** Renders nothing when there is no logo. */
export function Logo({ logo, alt, className }: LogoProps) {
  if (!logo) return null;
  return <Img src={logo.url} alt={alt ?? logo.title ?? 'Logo'} className={className} />;
}
