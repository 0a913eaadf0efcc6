import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The repository stands alone: its docs and comments point only at files inside it (the product
// rules are docs/product.md, the REST contract docs/legacy-api.md, the design decisions and house
// style docs/architecture.md, the attacks docs/security-tests.md), and comments say why in words,
// without issue numbers or measured figures, which belong in commit messages and bench/results/.
// Jest only looks under lib, server, serving, scripts, components and i18n, so this check of the
// whole tree lives here.

const ROOT = path.resolve(__dirname, '..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

const TEXT_FILE = /\.(ts|tsx|mts|cts|mjs|cjs|js|sh|css|md|lua|go|conf|ya?ml|json|txt)$|(^|\/)serving\/start$|\.env\.example$/;
const SKIPPED = /^(node_modules|\.next[^/]*|\.data|\.git|coverage|test-results|playwright-report)\/|(^|\/)package-lock\.json$/;

/** Every file git would commit (tracked, or new and not ignored); without git, a walk of the tree. */
function repositoryFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
  } catch {
    files = walk('');
  }
  return files.filter((file) => TEXT_FILE.test(file) && !SKIPPED.test(file) && file !== SELF);
}

function walk(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = directory ? `${directory}/${entry.name}` : entry.name;
    if (SKIPPED.test(`${relative}/`)) return [];
    return entry.isDirectory() ? walk(relative) : [relative];
  });
}

function read(file: string): string | null {
  try {
    return readFileSync(path.join(ROOT, file), 'utf8');
  } catch {
    return null; // deleted in the working tree but still in the index
  }
}

// Built from parts, so this file does not name what it looks for.
const OUTSIDE_DOCUMENTS = new RegExp(
  [
    String.raw`\.\./shared\b`,
    String.raw`/work/shared\b`,
    ...['DESIGN', 'LEGACY-API', 'SECURITY-TESTS', 'PAYMENTS-BD'].map((name) => String.raw`\b${name}\.md\b`),
    String.raw`knowledge-zone-` + String.raw`spec\.md`,
  ].join('|'),
);

/** "spec §5" cited as a document outside the repository (docs/product.md §5 is the one to cite). */
const OUTSIDE_SPEC_SECTION = /\b[Ss]pec §\d/;

const ISSUE_NUMBER = /\b[Ii]ssues?\s+#?\d+|\b[Ii]ssue[-#]\d+|\bfindings?\s+\d+/;

/** Measured throughput quoted in a comment (a figure of one run on one machine). */
const MEASURED_FIGURE = /\d[\d,.]*\s*(req\/s|requests\/s|pages\/s)|\d\s*ms of CPU\b/;

/** Code whose comments must not quote measured figures; the benchmark scripts are about figures. */
const APPLICATION_CODE = /^(app|components|lib|server|serving|i18n|e2e|tests)\/|^(proxy|next\.config|instrumentation)\.ts$/;

const CODE_FILE = /\.(ts|tsx|mts|cts|mjs|cjs|js|sh|css|lua|go|conf|ya?ml)$|(^|\/)serving\/start$/;

/**
 * The comment on a line of code, or null: a line that starts as a comment (`//`, `/*`, ` *`, `#`,
 * `--`), or the rest of a line after `//` or `/*` that follows code. Strings such as zod's
 * `issue.message` or a test's title are not comments.
 */
function commentOf(line: string): string | null {
  const trimmed = line.trim();
  if (/^(\/\/|\/\*|\*|#(?!!)|--\s)/.test(trimmed)) return trimmed;
  const trailing = /(?:^|\s)(\/\/|\/\*)(.*)$/.exec(line);
  return trailing ? trailing[2] ?? '' : null;
}

type Finding = { file: string; line: number; text: string };

function findings(test: (file: string, line: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const file of repositoryFiles()) {
    const text = read(file);
    if (text === null) continue;
    text.split('\n').forEach((line, index) => {
      if (test(file, line)) found.push({ file, line: index + 1, text: line.trim().slice(0, 160) });
    });
  }
  return found;
}

describe('the repository stands alone', () => {
  it('finds the files it checks', () => {
    const files = repositoryFiles();
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('server/platform/env.ts');
  });

  it('points only at documents inside the repository', () => {
    expect(findings((_file, line) => OUTSIDE_DOCUMENTS.test(line))).toEqual([]);
  });

  it('cites the product rules as docs/product.md, not an outside spec', () => {
    expect(findings((file, line) => CODE_FILE.test(file) && OUTSIDE_SPEC_SECTION.test(commentOf(line) ?? ''))).toEqual([]);
  });

  it('keeps issue numbers out of comments', () => {
    expect(findings((file, line) => CODE_FILE.test(file) && ISSUE_NUMBER.test(commentOf(line) ?? ''))).toEqual([]);
  });

  it('keeps measured figures out of the application’s comments', () => {
    expect(findings((file, line) => APPLICATION_CODE.test(file) && CODE_FILE.test(file) && MEASURED_FIGURE.test(commentOf(line) ?? ''))).toEqual([]);
  });
});

describe('commentOf', () => {
  it.each([
    ['// The refunds view (issue 21).', true],
    [' * Issue 16, finding 13: a price.', true],
    ['# npm run chaos (issue #8)', true],
    ['const x = 1; // issue 3', true],
  ])('sees the comment in %j', (line, isComment) => {
    expect(ISSUE_NUMBER.test(commentOf(line) ?? '')).toBe(isComment);
  });

  it.each([
    ["const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);"],
    ["  throw new Error(parsed.error.issues[0]?.message ?? 'Invalid');"],
    ["table(['search budget (issue 23)', 'measured'], rows);"],
    ["const url = 'https://example.com/issues 4';"],
  ])('leaves code alone: %j', (line) => {
    expect(ISSUE_NUMBER.test(commentOf(line) ?? '')).toBe(false);
  });
});
