// The apps use the design system's parts instead of repeating them: a section heading, error words,
// a save's progress line and the deletion-by-link cards each have one definition, in @toolkit/ui.
// A file that defines its own fails here, naming the part to use.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../../..');
// The apps, and the journey's screens they share (a package of screens, not of parts).
const APPS = [
  ...readdirSync(root).filter((name) => name === 'shell' || name.startsWith('mfe-')),
  'packages/journey-view',
];

/** Files that keep their own on purpose, and why. */
const KEPT: Record<string, string> = {
  // A question's title on the survey's first slide, spaced for the question under it; sharing the
  // section heading's definition would add bytes to the first slide.
  'mfe-survey/src/features/answering/questions/parts.tsx': 'styled h2/h3',
};

const RULES: { name: string; use: string; pattern: RegExp }[] = [
  {
    name: 'styled h2/h3',
    use: 'SectionHeading from @toolkit/ui/section-heading',
    pattern: /styled(\.h[23]\b|\(\s*['"]h[23]['"]\s*\))/,
  },
  {
    name: 'inline-styled h2/h3',
    use: 'SectionHeading from @toolkit/ui/section-heading',
    pattern: /<h[23]\b[^>]*\sstyle=/,
  },
  {
    name: 'error text',
    use: 'ErrorText from @toolkit/ui/error-text',
    // A styled element whose text takes the danger colour, or a bare paragraph made an alert.
    pattern: /(^|;|\n)\s*color:[^;\n]*colors\.danger|<p\s+role="alert"/,
  },
  {
    name: 'save progress',
    use: 'SaveProgress from @toolkit/ui/save-progress',
    // A status line choosing its own busy words, or a mutation's failure worded by hand for one.
    pattern:
      /role="status"[^>]*>\s*\{[^}]*\?\s*'(Saving|Working|Sending|Deleting)…'|failure=\{\s*\w+\.isError\s*\?\s*describeError\(/,
  },
  {
    name: 'deletion link card',
    use: 'DeletionLinkRequest and DeletionLinkConfirm from @toolkit/ui/deletion-link',
    pattern: /We e-mail you a link to confirm|We've e-mailed a link to/,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = APPS.flatMap((app) => sourceFiles(join(root, app, 'src'))).map((path) => ({
  file: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

describe('the apps use the shared UI parts', () => {
  it('finds the apps', () => {
    expect(APPS).toEqual(
      expect.arrayContaining(['shell', 'mfe-survey', 'mfe-dashboard', 'packages/journey-view']),
    );
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(RULES)('no app file defines its own $name', ({ name, use, pattern }) => {
    const repeating = files
      .filter(({ file, text }) => KEPT[file] !== name && pattern.test(text))
      .map(({ file }) => `${file}: use ${use}`);
    expect(repeating).toEqual([]);
  });

  it('keeps no exception that no longer needs keeping', () => {
    for (const [file, name] of Object.entries(KEPT)) {
      const rule = RULES.find((each) => each.name === name)!;
      expect([file, rule.pattern.test(files.find((each) => each.file === file)?.text ?? '')]).toEqual([
        file,
        true,
      ]);
    }
  });
});
