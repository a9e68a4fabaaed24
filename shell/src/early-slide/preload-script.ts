/** A preload the federation runtime and webpack find and take over (they look for a link with the same href). */
export function preloadScript(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}
