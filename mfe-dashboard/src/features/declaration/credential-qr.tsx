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

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
`;

/** The code, and a link that downloads it as an SVG file (sharing it: `onDownload`). */
export function CredentialQr({ url, onDownload }: { url: string; onDownload: () => void }) {
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
  const image = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <div>
      <Code src={image} alt="QR code of the credential's link" />
      <Download href={image} download="credential-qr-code.svg" onClick={onDownload}>
        Download the QR code
      </Download>
    </div>
  );
}
