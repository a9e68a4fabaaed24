// CMS rich text (survey intros, academy articles) is sanitised before it is rendered: by the browser's HTML
// Sanitizer (sanitizer.ts) where it exists, otherwise by DOMPurify, loaded on demand so that it
// stays out of the respondent's first load (docs/decisions.md).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Config as PurifyConfig } from 'dompurify';
import styled from 'styled-components';
import type { RichTextFieldsFragment } from '@toolkit/domain';
import {
  ATTRIBUTES,
  ELEMENTS,
  hasNativeSanitizer,
  SANITIZER_CONFIG,
  type MaybeSanitizing,
} from './sanitizer';

type RichTextValue = RichTextFieldsFragment;
type Video = RichTextValue['videos'][number];
type Asset = RichTextValue['assets'][number];

// DOMPurify by default keeps data-* and aria-* attributes and the text of removed elements; the
// Sanitizer API does not, so the same HTML gives the same output on both paths.
const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...ELEMENTS, '#text'],
  ALLOWED_ATTR: ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: false,
} satisfies PurifyConfig;

type Purify = (html: string) => string;
let purify: Purify | undefined;
let purifyLoading: Promise<Purify> | undefined;

function loadPurify(): Promise<Purify> {
  purifyLoading ??= import(/* webpackChunkName: "dompurify" */ 'dompurify').then(
    ({ default: DOMPurify }) => {
      purify = (html) => DOMPurify.sanitize(html, PURIFY_CONFIG);
      return purify;
    },
    (error: unknown) => {
      // The next rich text tries again: a chunk that failed to load may load later.
      purifyLoading = undefined;
      throw error;
    },
  );
  return purifyLoading;
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

interface RichHtmlProps {
  html: string;
  id?: string;
  className?: string;
}

// Before paint: the first frame already shows the text.
function NativeHtml({ html, id, className }: RichHtmlProps) {
  const ref = useRef<HTMLDivElement & MaybeSanitizing>(null);
  useLayoutEffect(() => {
    ref.current?.setHTML?.(html, { sanitizer: SANITIZER_CONFIG });
  }, [html]);
  return <Html ref={ref} id={id} className={className} />;
}

function PurifiedHtml({ html, id, className }: RichHtmlProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(purify ? 'ready' : 'loading');
  useEffect(() => {
    if (state !== 'loading') return;
    let mounted = true;
    loadPurify().then(
      () => {
        if (mounted) setState('ready');
      },
      (error: unknown) => {
        if (!mounted) return;
        console.error('Rich text left out: the HTML sanitiser (DOMPurify) did not load.', error);
        setState('failed');
      },
    );
    return () => {
      mounted = false;
    };
  }, [state]);
  const clean = useMemo(() => (state === 'ready' && purify ? purify(html) : ''), [state, html]);
  if (state === 'failed') return null;
  return (
    <Html
      id={id}
      className={className}
      aria-busy={state === 'loading' || undefined}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** CMS HTML, sanitised: never rendered as it came. */
export function RichHtml({ html, id, className }: RichHtmlProps) {
  return hasNativeSanitizer() ? (
    <NativeHtml html={html} id={id} className={className} />
  ) : (
    <PurifiedHtml html={html} id={id} className={className} />
  );
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
