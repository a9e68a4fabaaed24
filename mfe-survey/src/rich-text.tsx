// CMS rich text is sanitised with DOMPurify before it is rendered (DESIGN.md §2 Content).
import DOMPurify from 'dompurify';
import styled from 'styled-components';
import type { Asset, RichText as RichTextValue, Video } from './definition';

function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** Only web addresses: a CMS value must never become a javascript: or data: URL. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const Html = styled.div`
  overflow-wrap: anywhere;

  & img {
    max-width: 100%;
    height: auto;
  }
  & a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

export function RichHtml({ html, id, className }: { html: string; id?: string; className?: string }) {
  return <Html id={id} className={className} dangerouslySetInnerHTML={{ __html: sanitize(html) }} />;
}

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  width: 100%;

  & iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Figure = styled.figure`
  margin: ${({ theme }) => theme.space[4]}px 0;

  & img {
    display: block;
    max-width: 100%;
    height: auto;
  }
  & figcaption {
    margin-top: ${({ theme }) => theme.space[2]}px;
    color: ${({ theme }) => theme.colors.mutedText};
  }
`;

function VideoFigure({ video }: { video: Video }) {
  const embed = safeUrl(video.embedUrl);
  const watch = safeUrl(video.url);
  return (
    <Figure>
      {embed && (
        <Frame>
          <iframe src={embed} title={video.title} loading="lazy" allow="fullscreen; picture-in-picture" />
        </Frame>
      )}
      {watch && (
        <figcaption>
          <a href={watch} target="_blank" rel="noreferrer noopener">
            Watch “{video.title}” (opens in a new tab)
          </a>
        </figcaption>
      )}
    </Figure>
  );
}

function AssetFigure({ asset }: { asset: Asset }) {
  const src = safeUrl(asset.url);
  if (!src) return null;
  return (
    <Figure>
      <img
        src={src}
        alt={asset.description ?? asset.title ?? ''}
        width={asset.width ?? undefined}
        height={asset.height ?? undefined}
        loading="lazy"
      />
    </Figure>
  );
}

/** A rich-text field: its HTML, then the videos and assets embedded in it. */
export function RichText({ value }: { value: RichTextValue | null }) {
  if (!value) return null;
  return (
    <div>
      <RichHtml html={value.html} />
      {value.videos.map((video) => (
        <VideoFigure key={video.embedUrl} video={video} />
      ))}
      {value.assets.map((asset) => (
        <AssetFigure key={asset.url} asset={asset} />
      ))}
    </div>
  );
}
