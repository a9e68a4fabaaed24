// The files a remote's mount entry needed beyond those its manifest names for it: the shared
// packages the shell does not provide (the remote's own data layer, RTK Query's React part), which
// the federation runtime asks for only once the remote's entry has run, a round trip after it
// arrived (0.15 s of latency on the bench's 4G profile). Which of the manifest's shared files are
// used is decided at run time, so the page learns them: once an area has mounted, the scripts
// taken from its folder are kept on the device, and the next visit's first reads' script preloads
// them beside the manifest's, while the manifest still names the same build.

const KEY = 'toolkit:area-files:';

/** The scripts asked from `folder` so far on this page, in the order they were asked. */
export function scriptsFrom(folder: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(folder) && /\.js$/.test(new URL(name).pathname));
}

/** Keeps `files` as what area `name`'s mount entry needed; a full storage keeps nothing. */
export function learnAreaFiles(storage: Storage | null, name: string, files: readonly string[]): void {
  try {
    storage?.setItem(KEY + name, JSON.stringify(files));
  } catch {
    // The next visit asks for these files once the remote's entry has run, as without this.
  }
}

/**
 * What area `name`'s mount entry needed on the last visit beyond `named` (the files its manifest
 * names for it now), only when that visit's files include one of them: the same build.
 */
export function learnedAreaFiles(storage: Storage | null, name: string, named: readonly string[]): string[] {
  let files: unknown;
  try {
    files = JSON.parse(storage?.getItem(KEY + name) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(files) || !files.every((file) => typeof file === 'string')) return [];
  const learned = files as string[];
  return learned.some((file) => named.includes(file)) ? learned.filter((file) => !named.includes(file)) : [];
}
