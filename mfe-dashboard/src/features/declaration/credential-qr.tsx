// The credential's link as a QR code, for a phone to scan; made on demand (qrcode loads with it).
import { useEffect, useState } from 'react';
import styled from 'styled-components';

const Code = styled.img`
  display: block;
  /* The link holds the whole signed credential: a dense code, drawn large and sharp for cameras. */
  width: 320px;
  max-width: 100%;
  image-rendering: pixelated;
  height: auto;
  aspect-ratio: 1;
  background: #fff;
`;

export function CredentialQr({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', errorCorrectionLevel: 'L', margin: 4 }))
      .then(
        (made) => current && setSvg(made),
        (error: unknown) => console.warn('The QR code could not be made.', error),
      );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return null;
  return (
    <Code
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code of the credential's link"
    />
  );
}
