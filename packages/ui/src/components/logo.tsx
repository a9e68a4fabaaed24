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
  /**
   * A variant shown instead where `media` matches (a wider logo on wide screens, say). The browser
   * downloads only the one it shows, and switches when the screen changes.
   */
  variant?: { logo: LogoAsset; media: string };
  /** Alt text; defaults to the logo's title, then to "Logo". */
  alt?: string;
  className?: string;
}

/**
 * Renders nothing when there is no logo. A logo whose size the CMS knows holds its place while it
 * loads, so the page around it is laid out once.
 */
export function Logo({ logo, variant, alt, className }: LogoProps) {
  if (!logo) return null;
  const img = (
    <Img
      src={logo.url}
      width={logo.width}
      height={logo.height}
      alt={alt ?? logo.title ?? 'Logo'}
      className={className}
    />
  );
  if (!variant) return img;
  return (
    <picture>
      <source
        media={variant.media}
        srcSet={variant.logo.url}
        width={variant.logo.width}
        height={variant.logo.height}
      />
      {img}
    </picture>
  );
}
