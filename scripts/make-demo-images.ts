// npx tsx scripts/make-demo-images.ts
//
// Draws the demo artwork (course, book and blog covers, avatars, home-page art) as SVG and
// converts it to WebP under public/demo/. The output is committed, so this only needs to run
// again when the seed data or lib/home-content.ts gains a new image. Everything is drawn from
// code, so the files carry no third-party licence, and a seeded random generator keeps every
// run byte-for-byte reproducible.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ACADEMIC_PAGES, COURSE_LISTS, listPageFor, type CourseList } from '@/lib/catalogue';
import {
  ACADEMIC_SLIDES,
  AUTH_ILLUSTRATION,
  BRANDS,
  INVESTORS,
  NOT_FOUND_IMAGE,
  PROMO_CARDS,
  SKILL_BANNERS,
  WELCOME_BANNER,
} from '@/lib/home-content';
import { BLOGS } from './seed-data/blogs';
import { BOOKS, WRITERS } from './seed-data/books';
import { COURSES, courseCover } from './seed-data/courses';
import { INSTRUCTORS, TEACHERS, TUTORS } from './seed-data/instructors';
import { initialsOf } from './seed-data/paths';
import { REVIEWERS } from './seed-data/reviews';

const PUBLIC_DIR = path.join(process.cwd(), 'public');
const DEMO_DIR = path.join(PUBLIC_DIR, 'demo');
const WEBP_QUALITY = 70;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

// ---------------------------------------------------------------------------------------------
// Small drawing toolkit

type Palette = { dark: string; light: string; accent: string };

const PALETTES: Palette[] = [
  { dark: '#1e3a8a', light: '#3b82f6', accent: '#fbbf24' },
  { dark: '#065f46', light: '#10b981', accent: '#fde68a' },
  { dark: '#9a3412', light: '#f97316', accent: '#fef3c7' },
  { dark: '#581c87', light: '#a855f7', accent: '#f9a8d4' },
  { dark: '#9d174d', light: '#ec4899', accent: '#fde68a' },
  { dark: '#134e4a', light: '#14b8a6', accent: '#fef08a' },
  { dark: '#1e293b', light: '#475569', accent: '#38bdf8' },
  { dark: '#991b1b', light: '#ef4444', accent: '#fde68a' },
  { dark: '#0c4a6e', light: '#0ea5e9', accent: '#bbf7d0' },
  { dark: '#3f6212', light: '#84cc16', accent: '#fef9c3' },
  { dark: '#3730a3', light: '#6366f1', accent: '#a5f3fc' },
  { dark: '#854d0e', light: '#eab308', accent: '#fff7ed' },
];

function hashOf(text: string): number {
  let state = 0x811c9dc5;
  for (const char of text) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return state;
}

/** mulberry32: tiny, seedable, good enough for scattering decorations. */
function randomFrom(seed: string): () => number {
  let state = hashOf(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function paletteFor(key: string): Palette {
  return PALETTES[hashOf(key) % PALETTES.length] ?? { dark: '#1e3a8a', light: '#3b82f6', accent: '#fbbf24' };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Estimated rendered width: bold DejaVu Sans is about 0.66 em a character, capitals 0.74. */
function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * (text === text.toUpperCase() ? 0.74 : 0.66);
}

/** Greedy word wrap by estimated width; a single word wider than the line stays on its own line. */
function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size (down to `min`) at which the text fits in `maxLines` lines of `maxWidth`. */
function fitText(text: string, maxWidth: number, maxLines: number, max: number, min: number) {
  for (let size = max; size > min; size -= 2) {
    const lines = wrap(text, size, maxWidth);
    if (lines.length <= maxLines && lines.every((line) => textWidth(line, size) <= maxWidth)) return { size, lines };
  }
  return { size: min, lines: wrap(text, min, maxWidth) };
}

type TextOptions = {
  x: number;
  y: number;
  size: number;
  fill: string;
  weight?: 'bold' | 'normal';
  anchor?: 'start' | 'middle' | 'end';
  lineHeight?: number;
  opacity?: number;
  letterSpacing?: number;
};

function textBlock(lines: string[], options: TextOptions): string {
  const lineHeight = options.lineHeight ?? options.size * 1.18;
  const spans = lines
    .map((line, index) => `<tspan x="${options.x}" y="${round(options.y + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<text font-family="${FONT}" font-size="${options.size}" font-weight="${options.weight ?? 'bold'}" ` +
    `fill="${options.fill}" text-anchor="${options.anchor ?? 'start'}" opacity="${options.opacity ?? 1}" ` +
    `letter-spacing="${options.letterSpacing ?? 0}">${spans}</text>`
  );
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function linearGradient(id: string, from: string, to: string, angle: 'diagonal' | 'vertical' | 'horizontal' = 'diagonal'): string {
  const end = angle === 'vertical' ? 'x2="0" y2="1"' : angle === 'horizontal' ? 'x2="1" y2="0"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Soft translucent circles that make flat gradients feel less empty. */
function bubbles(width: number, height: number, random: () => number, color: string, count: number, maxRadius: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) {
    const radius = maxRadius * (0.25 + random() * 0.75);
    out += `<circle cx="${round(random() * width)}" cy="${round(random() * height)}" r="${round(radius)}" fill="${color}" opacity="${round(0.06 + random() * 0.12)}"/>`;
  }
  return out;
}

function dotGrid(x: number, y: number, columns: number, rows: number, gap: number, color: string, opacity = 0.35): string {
  let out = `<g fill="${color}" opacity="${opacity}">`;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) out += `<circle cx="${x + column * gap}" cy="${y + row * gap}" r="3"/>`;
  }
  return `${out}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Motifs, drawn in a 100 × 100 box centred on the origin

type Motif =
  | 'atom' | 'flask' | 'leaf' | 'math' | 'book' | 'code' | 'crescent' | 'music' | 'palette' | 'play'
  | 'bolt' | 'tag' | 'star' | 'chart' | 'headphones' | 'speech' | 'camera' | 'cap' | 'pot' | 'pencil';

function starPoints(outer: number, inner: number, cx = 0, cy = 0): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * index - Math.PI / 2;
    points.push(`${round(cx + radius * Math.cos(angle))},${round(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

function motifShape(motif: Motif, color: string, detail: string): string {
  const stroke = `fill="none" stroke="${color}" stroke-linecap="round" stroke-linejoin="round"`;
  switch (motif) {
    case 'atom':
      return `<g ${stroke} stroke-width="5"><ellipse rx="46" ry="17"/><ellipse rx="46" ry="17" transform="rotate(60)"/><ellipse rx="46" ry="17" transform="rotate(-60)"/></g><circle r="9" fill="${color}"/>`;
    case 'flask':
      return `<path d="M-26 22 H26 L33 36 Q36 41 30 41 H-30 Q-36 41 -33 36 Z" fill="${color}" opacity="0.55"/><path d="M-14 -44 H14 M-8 -44 V-12 L-36 36 Q-40 45 -30 45 H30 Q40 45 36 36 L8 -12 V-44" ${stroke} stroke-width="5"/><circle cx="-6" cy="10" r="4" fill="${color}"/><circle cx="9" cy="0" r="3" fill="${color}"/>`;
    case 'leaf':
      return `<path d="M-40 40 C-44 -12 -10 -44 42 -42 C44 10 10 44 -40 40 Z" fill="${color}"/><path d="M-40 40 L26 -26 M-8 8 L-8 -14 M8 -8 L22 -6" stroke="${detail}" stroke-width="3.5" stroke-linecap="round"/>`;
    case 'math':
      return `<g stroke="${color}" stroke-width="8" stroke-linecap="round"><path d="M-36 -22 H-8 M-22 -36 V-8 M8 -22 H36 M-32 12 L-12 32 M-12 12 L-32 32 M8 22 H36"/></g><circle cx="22" cy="10" r="4.5" fill="${color}"/><circle cx="22" cy="34" r="4.5" fill="${color}"/>`;
    case 'book':
      return `<path d="M0 -28 C-14 -38 -34 -38 -46 -32 V34 C-34 28 -14 28 0 38 C14 28 34 28 46 34 V-32 C34 -38 14 -38 0 -28 Z" fill="${color}"/><path d="M0 -28 V38 M-36 -16 H-10 M-36 -4 H-10 M-36 8 H-14 M10 -16 H36 M10 -4 H36 M14 8 H36" stroke="${detail}" stroke-width="3" stroke-linecap="round"/>`;
    case 'code':
      return `<path d="M-20 -28 L-46 0 L-20 28 M20 -28 L46 0 L20 28 M9 -38 L-9 38" ${stroke} stroke-width="9"/>`;
    case 'crescent':
      return `<path d="M14 -40 A42 42 0 1 0 14 40 A34 34 0 1 1 14 -40 Z" fill="${color}"/><polygon points="${starPoints(14, 6, 26, -6)}" fill="${color}"/>`;
    case 'music':
      return `<g fill="${color}"><ellipse cx="-22" cy="30" rx="15" ry="11" transform="rotate(-20 -22 30)"/><ellipse cx="24" cy="22" rx="15" ry="11" transform="rotate(-20 24 22)"/><rect x="-10" y="-36" width="6" height="66"/><rect x="36" y="-44" width="6" height="66"/><path d="M-10 -36 L42 -44 L42 -30 L-10 -22 Z"/></g>`;
    case 'palette':
      return `<path d="M0 -42 C30 -42 46 -20 44 2 C42 18 28 16 20 22 C12 28 22 42 4 44 C-30 46 -46 20 -44 -4 C-42 -28 -24 -42 0 -42 Z" fill="${color}"/><circle cx="-20" cy="-18" r="7" fill="#ef4444"/><circle cx="4" cy="-26" r="7" fill="#3b82f6"/><circle cx="24" cy="-12" r="7" fill="#22c55e"/><circle cx="-26" cy="8" r="7" fill="#eab308"/><circle cx="-8" cy="26" r="7" fill="${detail}"/>`;
    case 'play':
      return `<rect x="-46" y="-34" width="92" height="68" rx="16" fill="${color}"/><path d="M-12 -18 L20 0 L-12 18 Z" fill="${detail}"/>`;
    case 'bolt':
      return `<polygon points="-6,-48 28,-48 8,-8 32,-8 -18,48 -4,4 -28,4" fill="${color}"/>`;
    case 'tag':
      return `<path d="M-44 -10 L-10 -44 H40 V6 L6 40 Z" fill="${color}"/><circle cx="24" cy="-28" r="6" fill="${detail}"/><g stroke="${detail}" stroke-width="5" stroke-linecap="round"><path d="M-12 14 L14 -12"/></g><circle cx="-10" cy="-8" r="6" fill="none" stroke="${detail}" stroke-width="4"/><circle cx="12" cy="12" r="6" fill="none" stroke="${detail}" stroke-width="4"/>`;
    case 'star':
      return `<polygon points="${starPoints(48, 20)}" fill="${color}"/>`;
    case 'chart':
      return `<g fill="${color}"><rect x="-42" y="6" width="18" height="36" rx="3"/><rect x="-12" y="-12" width="18" height="54" rx="3"/><rect x="18" y="-30" width="18" height="72" rx="3"/></g><path d="M-44 -14 L-14 -34 L4 -24 L40 -46 M26 -46 H40 V-32" ${stroke} stroke-width="5"/>`;
    case 'headphones':
      return `<path d="M-36 14 V0 A36 36 0 0 1 36 0 V14" ${stroke} stroke-width="8"/><rect x="-46" y="6" width="22" height="36" rx="8" fill="${color}"/><rect x="24" y="6" width="22" height="36" rx="8" fill="${color}"/>`;
    case 'speech':
      return `<path d="M-46 -34 H30 Q38 -34 38 -26 V10 Q38 18 30 18 H-8 L-26 34 V18 H-38 Q-46 18 -46 10 Z" fill="${color}"/><path d="M-30 -18 H22 M-30 -2 H8" stroke="${detail}" stroke-width="5" stroke-linecap="round"/><circle cx="38" cy="34" r="10" fill="${color}" opacity="0.7"/>`;
    case 'camera':
      return `<rect x="-46" y="-26" width="92" height="64" rx="12" fill="${color}"/><rect x="-18" y="-38" width="36" height="16" rx="5" fill="${color}"/><circle cx="0" cy="6" r="20" fill="${detail}"/><circle cx="0" cy="6" r="11" fill="${color}"/><circle cx="32" cy="-14" r="4" fill="${detail}"/>`;
    case 'cap':
      return `<polygon points="0,-34 48,-12 0,10 -48,-12" fill="${color}"/><path d="M-28 -2 V22 Q0 38 28 22 V-2 L0 10 Z" fill="${color}" opacity="0.85"/><path d="M38 -8 V24" stroke="${color}" stroke-width="4"/><circle cx="38" cy="28" r="6" fill="${detail}"/>`;
    case 'pot':
      return `<path d="M-40 -8 H40 V22 Q40 40 22 40 H-22 Q-40 40 -40 22 Z" fill="${color}"/><rect x="-46" y="-16" width="92" height="10" rx="5" fill="${color}"/><path d="M-16 -26 Q-10 -34 -16 -42 M0 -26 Q6 -34 0 -42 M16 -26 Q22 -34 16 -42" ${stroke} stroke-width="4"/>`;
    case 'pencil':
      return `<g transform="rotate(45)"><rect x="-10" y="-46" width="20" height="70" fill="${color}"/><polygon points="-10,24 10,24 0,44" fill="${detail}"/><rect x="-10" y="-52" width="20" height="10" rx="3" fill="${detail}"/></g>`;
  }
}

function motif(kind: Motif, cx: number, cy: number, size: number, color: string, detail: string, rotate = 0): string {
  return `<g transform="translate(${round(cx)} ${round(cy)}) rotate(${rotate}) scale(${round(size / 100 * 1000) / 1000})">${motifShape(kind, color, detail)}</g>`;
}

const MOTIF_RULES: [RegExp, Motif][] = [
  [/physics|electric|motion|light, heat/i, 'atom'],
  [/chemistry|chemical|chem/i, 'flask'],
  [/biology|zoology|science|body|plants|experiment/i, 'leaf'],
  [/math|algebra|calculus|puzzle|counting|problem solving|times tables|fractions|geometry/i, 'math'],
  [/python|coding|code|web|scratch|program/i, 'code'],
  [/quran|tajweed|arabic|prophet|islam|noor|women and girls/i, 'crescent'],
  [/guitar|music/i, 'music'],
  [/drawing|colouring|kids/i, 'palette'],
  [/finance|accounting|money|excel|investor/i, 'chart'],
  [/ielts|listening|audio|dialogues/i, 'headphones'],
  [/english|grammar|spoken|rhymes|phonics|reading/i, 'speech'],
  [/photo/i, 'camera'],
  [/cooking/i, 'pot'],
  [/bangla|bengali|stories|writing|composition|alphabet|books/i, 'book'],
  [/live|online class/i, 'play'],
  [/routine|study|exam|admission/i, 'pencil'],
];

function motifFor(text: string): Motif {
  return MOTIF_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? 'cap';
}

const LIST_MOTIFS: Record<CourseList, Motif[]> = {
  classOne: ['book', 'math', 'palette'],
  classTwo: ['math', 'book', 'speech'],
  classThree: ['leaf', 'math', 'speech'],
  classFour: ['leaf', 'math', 'book'],
  classFive: ['math', 'leaf', 'speech'],
  classSix: ['math', 'atom', 'speech'],
  classSeven: ['math', 'atom', 'code'],
  classEight: ['math', 'flask', 'speech'],
  classNine: ['atom', 'flask', 'math'],
  classTen: ['atom', 'leaf', 'math'],
  classEleven: ['atom', 'flask', 'math'],
  classTwelve: ['leaf', 'speech', 'chart'],
  freeCourse: ['star', 'code', 'speech'],
  discountCourse: ['tag', 'code', 'chart'],
  liveCourse: ['play', 'speech', 'math'],
  specialCourse: ['bolt', 'math', 'atom'],
  islamicCourse: ['crescent', 'book', 'star'],
  kidsCourse: ['palette', 'code', 'math'],
  entertainCourse: ['music', 'camera', 'pot'],
};

// ---------------------------------------------------------------------------------------------
// Artwork

function courseCoverSvg(list: CourseList): string {
  const width = 800;
  const height = 500;
  const page = listPageFor(list);
  const palette = paletteFor(`course-${list}`);
  const random = randomFrom(`course-${list}`);
  const [main = 'cap', second = 'book', third = 'star'] = LIST_MOTIFS[list];
  const count = COURSES.filter((course) => course.classCourse === list).length;
  // Keep the title clear of the motif circle that starts at x ≈ 470.
  const title = fitText(page.label, 400, 2, 62, 40);
  const academicIndex = ACADEMIC_PAGES.findIndex((candidate) => candidate.list === list);
  const bigMark =
    academicIndex >= 0
      ? textBlock([academicIndex === 10 ? '11' : String(academicIndex + 1)], { x: 760, y: 430, size: 360, fill: '#ffffff', anchor: 'end', opacity: 0.12 })
      : motif(main, 640, 260, 380, '#ffffff', palette.dark, -12).replace('<g ', '<g opacity="0.12" ');
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#ffffff', 7, 120) +
    bigMark +
    dotGrid(56, 56, 6, 3, 22, palette.accent) +
    `<circle cx="590" cy="250" r="118" fill="${palette.accent}" opacity="0.95"/>` +
    motif(main, 590, 250, 150, palette.dark, palette.accent) +
    `<circle cx="710" cy="120" r="46" fill="#ffffff" opacity="0.9"/>` +
    motif(second, 710, 120, 56, palette.dark, '#ffffff') +
    `<circle cx="700" cy="400" r="40" fill="#ffffff" opacity="0.9"/>` +
    motif(third, 700, 400, 48, palette.dark, '#ffffff') +
    textBlock(title.lines, { x: 56, y: round(330 - (title.lines.length - 1) * title.size * 1.18), size: title.size, fill: '#ffffff' }) +
    textBlock([academicIndex >= 0 ? 'Academic Courses' : 'Skill Development'], { x: 58, y: 380, size: 26, fill: palette.accent, weight: 'normal' }) +
    textBlock([`${count} courses · Knowledge Zone`], { x: 58, y: 440, size: 20, fill: '#ffffff', weight: 'normal', opacity: 0.85 });
  return svgDocument(width, height, linearGradient('bg', palette.dark, palette.light), body);
}

function bookCoverSvg(book: (typeof BOOKS)[number]): string {
  const width = 600;
  const height = 800;
  const palette = paletteFor(`book-${book.bookName}`);
  const random = randomFrom(`book-${book.bookName}`);
  const kind = book.formate === 'MP3' ? 'headphones' : motifFor(book.bookName);
  const title = fitText(book.bookName.toUpperCase(), 500, 4, 48, 28);
  // Bottom-aligned above the byline rule, however many lines the title needs.
  const titleTop = round(670 - (title.lines.length - 1) * title.size * 1.18);
  const authors = [book.writerName1, book.writerName2, book.writerName3, book.writerName4].filter(Boolean);
  const byline = authors.length > 2 ? `${authors[0]} and ${authors.length - 1} others` : authors.join(' & ');
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#ffffff', 6, 140) +
    `<rect x="0" y="0" width="26" height="${height}" fill="#000000" opacity="0.18"/>` +
    `<rect x="50" y="50" width="${book.formate === 'MP3' ? 96 : 92}" height="44" rx="22" fill="${palette.accent}"/>` +
    textBlock([book.formate], { x: book.formate === 'MP3' ? 98 : 96, y: 81, size: 22, fill: palette.dark, anchor: 'middle' }) +
    textBlock(['KNOWLEDGE ZONE'], { x: 550, y: 80, size: 16, fill: '#ffffff', anchor: 'end', letterSpacing: 3, opacity: 0.85 }) +
    `<circle cx="300" cy="300" r="150" fill="#ffffff" opacity="0.14"/><circle cx="300" cy="300" r="112" fill="${palette.accent}"/>` +
    motif(kind, 300, 300, 150, palette.dark, palette.accent) +
    textBlock(title.lines, { x: 50, y: titleTop, size: title.size, fill: '#ffffff' }) +
    `<rect x="50" y="700" width="60" height="5" rx="2" fill="${palette.accent}"/>` +
    textBlock([byline], { x: 50, y: 745, size: 22, fill: '#ffffff', weight: 'normal', opacity: 0.9 });
  return svgDocument(width, height, linearGradient('bg', palette.light, palette.dark, 'vertical'), body);
}

function blogCoverSvg(blog: (typeof BLOGS)[number]): string {
  const width = 800;
  const height = 450;
  const palette = paletteFor(`blog-${blog.title}`);
  const random = randomFrom(`blog-${blog.title}`);
  const title = fitText(blog.title, 430, 4, 40, 26);
  const titleTop = 225 - ((title.lines.length - 1) * title.size * 1.18) / 2;
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#ffffff', 8, 110) +
    `<path d="M520 0 H800 V450 H440 Q560 300 520 0 Z" fill="#ffffff" opacity="0.92"/>` +
    `<circle cx="650" cy="225" r="120" fill="${palette.light}" opacity="0.18"/>` +
    motif(motifFor(blog.title), 650, 225, 170, palette.dark, '#ffffff') +
    dotGrid(700, 360, 4, 3, 18, palette.light, 0.5) +
    `<rect x="50" y="${round(titleTop - title.size - 24)}" width="54" height="6" rx="3" fill="${palette.accent}"/>` +
    textBlock(title.lines, { x: 50, y: round(titleTop), size: title.size, fill: '#ffffff' }) +
    textBlock(['KNOWLEDGE ZONE BLOG'], { x: 50, y: 412, size: 15, fill: palette.accent, letterSpacing: 3 });
  return svgDocument(width, height, linearGradient('bg', palette.dark, palette.light), body);
}

/** Abstract initials avatar: a gradient tile, soft shapes and the person's initials. */
function avatarSvg(name: string, size: number, circular: boolean): string {
  const palette = paletteFor(`avatar-${name}`);
  const random = randomFrom(`avatar-${name}`);
  const initials = initialsOf(name);
  const shapes =
    `<circle cx="${round(size * (0.15 + random() * 0.2))}" cy="${round(size * (0.1 + random() * 0.2))}" r="${round(size * 0.32)}" fill="${palette.accent}" opacity="0.35"/>` +
    `<circle cx="${round(size * (0.8 + random() * 0.15))}" cy="${round(size * (0.75 + random() * 0.2))}" r="${round(size * 0.42)}" fill="#ffffff" opacity="0.12"/>` +
    `<path d="M0 ${round(size * 0.78)} Q${round(size * 0.5)} ${round(size * 0.62)} ${size} ${round(size * 0.84)} V${size} H0 Z" fill="${palette.dark}" opacity="0.35"/>`;
  const clip = circular ? `<clipPath id="c"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></clipPath>` : '';
  const body =
    `<g ${circular ? 'clip-path="url(#c)"' : ''}><rect width="${size}" height="${size}" fill="url(#bg)"/>${shapes}</g>` +
    textBlock([initials], { x: size / 2, y: round(size * 0.5 + size * 0.13), size: round(size * 0.36), fill: '#ffffff', anchor: 'middle', letterSpacing: round(size * 0.01) });
  return svgDocument(size, size, linearGradient('bg', palette.light, palette.dark) + clip, body);
}

/** Investor portraits: an abstract head-and-shoulders silhouette rather than a fake face. */
function portraitSvg(name: string): string {
  const size = 300;
  const palette = paletteFor(`investor-${name}`);
  const random = randomFrom(`investor-${name}`);
  const body =
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    bubbles(size, size, random, '#ffffff', 4, 90) +
    `<circle cx="150" cy="118" r="56" fill="${palette.accent}"/>` +
    `<path d="M40 300 Q40 196 150 192 Q260 196 260 300 Z" fill="${palette.accent}"/>` +
    `<path d="M118 196 L150 250 L182 196" fill="${palette.dark}" opacity="0.35"/>` +
    `<circle cx="252" cy="52" r="28" fill="#ffffff" opacity="0.9"/>` +
    textBlock([initialsOf(name)], { x: 252, y: 61, size: 22, fill: palette.dark, anchor: 'middle' });
  return svgDocument(size, size, linearGradient('bg', palette.light, palette.dark), body);
}

const BRAND_MOTIFS: Record<string, Motif> = {
  'KZ Academy': 'cap',
  'KZ Live': 'play',
  'KZ Kids': 'palette',
  'KZ Books': 'book',
  'KZ Code Lab': 'code',
  'KZ Noor': 'crescent',
};

function brandLogoSvg(brand: (typeof BRANDS)[number]): string {
  const width = 400;
  const height = 200;
  const palette = paletteFor(`brand-${brand.name}`);
  const name = fitText(brand.name, 230, 1, 38, 24);
  const tagline = fitText(brand.tagline, 236, 2, 15, 12);
  const body =
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<rect x="30" y="50" width="100" height="100" rx="26" fill="url(#bg)"/>` +
    motif(BRAND_MOTIFS[brand.name] ?? 'star', 80, 100, 62, '#ffffff', palette.dark) +
    textBlock(name.lines, { x: 150, y: 104, size: name.size, fill: palette.dark }) +
    textBlock(tagline.lines, { x: 151, y: 130, size: tagline.size, fill: '#475569', weight: 'normal' });
  return svgDocument(width, height, linearGradient('bg', palette.light, palette.dark), body);
}

function skillBannerSvg(banner: (typeof SKILL_BANNERS)[number]): string {
  const width = 1200;
  const height = 400;
  const palette = paletteFor(`skill-${banner.list}`);
  const random = randomFrom(`skill-${banner.list}`);
  const [main = 'star', second = 'book', third = 'cap'] = LIST_MOTIFS[banner.list];
  // The motif circle starts at x = 780; both lines must end before it.
  const title = fitText(banner.title, 660, 1, 76, 44);
  const text = fitText(banner.text, 660, 1, 30, 18);
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#ffffff', 9, 150) +
    dotGrid(80, 60, 8, 2, 22, palette.accent) +
    textBlock(title.lines, { x: 80, y: 210, size: title.size, fill: '#ffffff' }) +
    textBlock(text.lines, { x: 82, y: 262, size: text.size, fill: palette.accent, weight: 'normal' }) +
    `<rect x="82" y="300" width="170" height="50" rx="25" fill="#ffffff"/>` +
    textBlock(['Explore'], { x: 167, y: 333, size: 22, fill: palette.dark, anchor: 'middle' }) +
    `<circle cx="930" cy="200" r="150" fill="${palette.accent}"/>` +
    motif(main, 930, 200, 180, palette.dark, palette.accent) +
    `<circle cx="1100" cy="90" r="50" fill="#ffffff" opacity="0.92"/>` +
    motif(second, 1100, 90, 58, palette.dark, '#ffffff') +
    `<circle cx="1090" cy="320" r="44" fill="#ffffff" opacity="0.92"/>` +
    motif(third, 1090, 320, 52, palette.dark, '#ffffff');
  return svgDocument(width, height, linearGradient('bg', palette.dark, palette.light, 'horizontal'), body);
}

function classSlideSvg(label: string, index: number): string {
  const width = 600;
  const height = 400;
  const palette = PALETTES[index % PALETTES.length] ?? paletteFor(label);
  const random = randomFrom(`class-${label}`);
  const list = ACADEMIC_PAGES[index]?.list ?? 'classOne';
  const [main = 'book', second = 'math'] = LIST_MOTIFS[list];
  const number = label.replace('Class ', '');
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#ffffff', 6, 100) +
    textBlock([number], { x: 565, y: 240, size: number.length > 2 ? 130 : 220, fill: '#ffffff', anchor: 'end', opacity: 0.16 }) +
    `<circle cx="150" cy="150" r="86" fill="${palette.accent}"/>` +
    motif(main, 150, 150, 110, palette.dark, palette.accent) +
    `<circle cx="260" cy="90" r="34" fill="#ffffff" opacity="0.9"/>` +
    motif(second, 260, 90, 40, palette.dark, '#ffffff') +
    textBlock([label], { x: 50, y: 320, size: 54, fill: '#ffffff' }) +
    textBlock(['Academic Courses'], { x: 52, y: 358, size: 22, fill: palette.accent, weight: 'normal' });
  return svgDocument(width, height, linearGradient('bg', palette.dark, palette.light), body);
}

function laptop(x: number, y: number, width: number, screen: string, frame: string, content: string): string {
  const height = width * 0.62;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${round(height)}" rx="${round(width * 0.03)}" fill="${frame}"/>` +
    `<rect x="${round(x + width * 0.04)}" y="${round(y + width * 0.04)}" width="${round(width * 0.92)}" height="${round(height - width * 0.08)}" rx="${round(width * 0.015)}" fill="${screen}"/>` +
    content +
    `<path d="M${round(x - width * 0.1)} ${round(y + height + width * 0.02)} H${round(x + width * 1.1)} L${round(x + width * 1.03)} ${round(y + height + width * 0.07)} H${round(x - width * 0.03)} Z" fill="${frame}"/>`
  );
}

function person(cx: number, cy: number, scale: number, skin: string, shirt: string): string {
  return (
    `<g transform="translate(${cx} ${cy}) scale(${scale})">` +
    `<path d="M-60 120 Q-60 40 0 36 Q60 40 60 120 Z" fill="${shirt}"/>` +
    `<circle cx="0" cy="0" r="34" fill="${skin}"/>` +
    `<path d="M-34 -4 Q-36 -40 0 -40 Q36 -40 34 -4 Q20 -22 0 -22 Q-20 -22 -34 -4 Z" fill="#1f2937"/>` +
    `</g>`
  );
}

function booksStack(x: number, y: number, colors: string[]): string {
  return colors
    .map((color, index) => {
      const width = 150 - index * 14;
      return `<rect x="${x + index * 7}" y="${y - index * 28}" width="${width}" height="26" rx="5" fill="${color}"/><rect x="${x + index * 7 + 10}" y="${y - index * 28 + 10}" width="${width - 40}" height="5" rx="2" fill="#ffffff" opacity="0.6"/>`;
    })
    .join('');
}

function welcomeSvg(): string {
  const width = 1200;
  const height = 600;
  const random = randomFrom('welcome');
  const screen =
    `<rect x="470" y="210" width="300" height="170" rx="10" fill="#1e3a8a"/>` +
    `<circle cx="620" cy="295" r="44" fill="#fbbf24"/><path d="M606 272 L644 295 L606 318 Z" fill="#1e3a8a"/>` +
    `<rect x="790" y="210" width="110" height="50" rx="8" fill="#e0e7ff"/><rect x="790" y="270" width="110" height="50" rx="8" fill="#e0e7ff"/><rect x="790" y="330" width="110" height="50" rx="8" fill="#e0e7ff"/>` +
    `<rect x="470" y="395" width="430" height="10" rx="5" fill="#c7d2fe"/><rect x="470" y="395" width="250" height="10" rx="5" fill="#6366f1"/>`;
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    bubbles(width, height, random, '#6366f1', 10, 120) +
    `<circle cx="680" cy="330" r="260" fill="#ffffff" opacity="0.55"/>` +
    laptop(440, 180, 490, '#ffffff', '#334155', screen) +
    booksStack(120, 470, ['#ef4444', '#f59e0b', '#10b981', '#3b82f6']) +
    motif('cap', 210, 300, 150, '#1e293b', '#fbbf24', -10) +
    `<circle cx="1050" cy="160" r="60" fill="#fbbf24"/>` + motif('atom', 1050, 160, 80, '#1e293b', '#ffffff') +
    `<circle cx="1070" cy="440" r="50" fill="#10b981"/>` + motif('code', 1070, 440, 56, '#ffffff', '#10b981') +
    `<circle cx="330" cy="120" r="44" fill="#ec4899"/>` + motif('music', 330, 120, 50, '#ffffff', '#ec4899') +
    `<circle cx="470" cy="90" r="36" fill="#0ea5e9"/>` + motif('math', 470, 90, 42, '#ffffff', '#0ea5e9') +
    `<polygon points="${starPoints(22, 9, 980, 300)}" fill="#f59e0b"/>` +
    `<polygon points="${starPoints(14, 6, 120, 200)}" fill="#6366f1"/>`;
  return svgDocument(width, height, linearGradient('bg', '#eef2ff', '#fdf2f8'), body);
}

function promoSvg(index: number): string {
  const width = 600;
  const height = 400;
  const palette = PALETTES[[0, 3, 1][index] ?? 0] ?? paletteFor(`promo-${index}`);
  const random = randomFrom(`promo-${index}`);
  let art = '';
  if (index === 0) {
    // A phone playing a lesson, with a quiz card beside it.
    art =
      `<rect x="220" y="60" width="160" height="290" rx="26" fill="#1f2937"/><rect x="232" y="84" width="136" height="236" rx="10" fill="#ffffff"/>` +
      `<rect x="244" y="100" width="112" height="80" rx="8" fill="${palette.light}"/><path d="M290 122 L318 140 L290 158 Z" fill="#ffffff"/>` +
      `<rect x="244" y="196" width="112" height="10" rx="5" fill="#cbd5e1"/><rect x="244" y="214" width="80" height="10" rx="5" fill="#cbd5e1"/>` +
      `<rect x="244" y="240" width="112" height="30" rx="8" fill="${palette.accent}"/><rect x="244" y="278" width="112" height="30" rx="8" fill="#e2e8f0"/>` +
      `<g transform="translate(420 150) rotate(8)"><rect width="130" height="150" rx="14" fill="#ffffff"/><circle cx="30" cy="36" r="12" fill="#22c55e"/><path d="M24 36 L29 41 L37 31" stroke="#ffffff" stroke-width="4" fill="none"/><rect x="50" y="30" width="62" height="10" rx="5" fill="#cbd5e1"/><circle cx="30" cy="76" r="12" fill="#e2e8f0"/><rect x="50" y="70" width="62" height="10" rx="5" fill="#cbd5e1"/><circle cx="30" cy="116" r="12" fill="#e2e8f0"/><rect x="50" y="110" width="50" height="10" rx="5" fill="#cbd5e1"/></g>` +
      `<g transform="translate(70 110) rotate(-8)"><rect width="120" height="120" rx="60" fill="${palette.accent}"/></g>` +
      motif('pencil', 130, 170, 80, palette.dark, '#ffffff');
  } else if (index === 1) {
    // Two video tiles: teacher and student in a live class.
    art =
      `<rect x="50" y="70" width="240" height="200" rx="18" fill="#ffffff"/><rect x="310" y="70" width="240" height="200" rx="18" fill="#ffffff"/>` +
      `<clipPath id="left"><rect x="50" y="70" width="240" height="200" rx="18"/></clipPath><clipPath id="right"><rect x="310" y="70" width="240" height="200" rx="18"/></clipPath>` +
      `<g clip-path="url(#left)"><rect x="50" y="70" width="240" height="200" fill="${palette.accent}" opacity="0.5"/>${person(170, 160, 1, '#d4a373', palette.dark)}</g>` +
      `<g clip-path="url(#right)"><rect x="310" y="70" width="240" height="200" fill="#bae6fd"/>${person(430, 170, 0.9, '#c68b59', '#0ea5e9')}</g>` +
      `<circle cx="72" cy="92" r="8" fill="#ef4444"/>` +
      `<rect x="200" y="296" width="200" height="54" rx="27" fill="#ffffff"/><circle cx="244" cy="323" r="16" fill="#ef4444"/><circle cx="300" cy="323" r="16" fill="${palette.light}"/><circle cx="356" cy="323" r="16" fill="${palette.light}"/>`;
  } else {
    // Books and headphones: reading and listening.
    art =
      booksStack(90, 300, ['#ef4444', '#3b82f6', '#f59e0b', '#8b5cf6', '#10b981']) +
      `<g transform="translate(400 210) scale(1.9)">${motifShape('headphones', '#1f2937', '#ffffff')}</g>` +
      `<rect x="340" y="300" width="120" height="40" rx="10" fill="#ffffff"/><path d="M356 320 h8 M370 312 v16 M380 306 v28 M390 314 v12 M400 308 v24 M410 316 v8 M420 310 v20 M430 314 v12 M440 318 v4" stroke="${palette.dark}" stroke-width="4" stroke-linecap="round"/>`;
  }
  const body = `<rect width="${width}" height="${height}" fill="url(#bg)"/>` + bubbles(width, height, random, '#ffffff', 6, 90) + art;
  return svgDocument(width, height, linearGradient('bg', palette.light, palette.dark), body);
}

function notFoundSvg(): string {
  const width = 800;
  const height = 500;
  const random = randomFrom('not-found');
  const pages = Array.from({ length: 7 }, (_, index) => {
    const x = round(60 + random() * 680);
    const y = round(40 + random() * 120 + (index % 2) * 280);
    return `<g transform="translate(${x} ${y}) rotate(${round(random() * 60 - 30)})"><rect x="-22" y="-28" width="44" height="56" rx="4" fill="#ffffff" stroke="#c7d2fe" stroke-width="2"/><path d="M-12 -14 H12 M-12 -4 H12 M-12 6 H6" stroke="#c7d2fe" stroke-width="3" stroke-linecap="round"/></g>`;
  }).join('');
  const body =
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    pages +
    textBlock(['4'], { x: 230, y: 330, size: 240, fill: '#4f46e5', anchor: 'middle' }) +
    `<circle cx="400" cy="250" r="92" fill="#fbbf24"/><circle cx="400" cy="250" r="62" fill="#ffffff"/>` +
    `<circle cx="400" cy="250" r="62" fill="none" stroke="#1e293b" stroke-width="14"/><path d="M444 294 L500 350" stroke="#1e293b" stroke-width="22" stroke-linecap="round"/>` +
    `<circle cx="382" cy="238" r="8" fill="#1e293b"/><circle cx="418" cy="238" r="8" fill="#1e293b"/><path d="M380 275 Q400 262 420 275" stroke="#1e293b" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    textBlock(['4'], { x: 570, y: 330, size: 240, fill: '#4f46e5', anchor: 'middle' }) +
    textBlock(['Page not found'], { x: 400, y: 440, size: 34, fill: '#1e293b', anchor: 'middle' });
  return svgDocument(width, height, linearGradient('bg', '#eef2ff', '#e0f2fe'), body);
}

function authSvg(): string {
  const size = 800;
  const random = randomFrom('auth');
  const screen =
    `<rect x="280" y="320" width="290" height="36" rx="8" fill="#e2e8f0"/><rect x="280" y="370" width="290" height="36" rx="8" fill="#e2e8f0"/>` +
    `<rect x="280" y="424" width="140" height="36" rx="18" fill="#4f46e5"/><circle cx="300" cy="338" r="8" fill="#94a3b8"/><circle cx="300" cy="388" r="8" fill="#94a3b8"/>`;
  const body =
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    bubbles(size, size, random, '#4f46e5', 9, 130) +
    `<circle cx="400" cy="420" r="300" fill="#ffffff" opacity="0.6"/>` +
    laptop(240, 290, 370, '#ffffff', '#334155', screen) +
    `<g transform="translate(560 200)"><path d="M0 -70 L62 -46 V0 Q62 48 0 78 Q-62 48 -62 0 V-46 Z" fill="#10b981"/><rect x="-24" y="-8" width="48" height="40" rx="6" fill="#ffffff"/><path d="M-14 -8 V-22 A14 14 0 0 1 14 -22 V-8" stroke="#ffffff" stroke-width="7" fill="none"/><circle cx="0" cy="12" r="6" fill="#10b981"/></g>` +
    person(190, 520, 1.3, '#d4a373', '#f59e0b') +
    booksStack(520, 660, ['#3b82f6', '#ef4444', '#8b5cf6']) +
    `<polygon points="${starPoints(20, 8, 150, 170)}" fill="#fbbf24"/>` +
    `<polygon points="${starPoints(14, 6, 680, 560)}" fill="#ec4899"/>` +
    motif('cap', 200, 260, 110, '#1e293b', '#fbbf24', -12);
  return svgDocument(size, size, linearGradient('bg', '#eef2ff', '#ecfeff'), body);
}

// ---------------------------------------------------------------------------------------------
// Output

let written = 0;

async function write(sitePath: string, svg: string): Promise<void> {
  const file = path.join(PUBLIC_DIR, sitePath);
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 6 }).toFile(file);
  written += 1;
}

async function directorySize(directory: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? await directorySize(full) : (await stat(full)).size;
  }
  return total;
}

/** Every image path the seed and the home page reference, so a typo fails here, not in the browser. */
function referencedImages(): string[] {
  return [
    ...COURSES.flatMap((course) => [course.img, course.instructorImg]),
    ...INSTRUCTORS.map((instructor) => instructor.img),
    ...BOOKS.flatMap((book) => [book.img, book.writerImg, book.writerImg2, book.writerImg3, book.writerImg4]),
    ...BLOGS.map((blog) => blog.img),
    ...Object.values(REVIEWERS).map((reviewer) => reviewer.image),
    WELCOME_BANNER.img,
    ...ACADEMIC_SLIDES.map((slide) => slide.img),
    ...PROMO_CARDS.map((card) => card.img),
    ...INVESTORS.map((investor) => investor.img),
    ...BRANDS.map((brand) => brand.img),
    ...SKILL_BANNERS.map((banner) => banner.img),
    NOT_FOUND_IMAGE.img,
    AUTH_ILLUSTRATION.img,
  ].filter((image): image is string => Boolean(image));
}

async function main(): Promise<void> {
  await rm(DEMO_DIR, { recursive: true, force: true });

  for (const list of COURSE_LISTS) await write(courseCover(list), courseCoverSvg(list));
  for (const book of BOOKS) await write(book.img, bookCoverSvg(book));
  for (const blog of BLOGS) await write(blog.img, blogCoverSvg(blog));
  for (const teacher of [...Object.values(TEACHERS), ...Object.values(TUTORS)]) await write(teacher.img, avatarSvg(teacher.name, 400, false));
  for (const writer of Object.values(WRITERS)) await write(writer.img, avatarSvg(writer.name, 300, false));
  for (const reviewer of Object.values(REVIEWERS)) await write(reviewer.image, avatarSvg(reviewer.name, 200, true));

  await write(WELCOME_BANNER.img, welcomeSvg());
  for (const [index, slide] of ACADEMIC_SLIDES.entries()) await write(slide.img, classSlideSvg(slide.label, index));
  for (const [index, card] of PROMO_CARDS.entries()) await write(card.img, promoSvg(index));
  for (const investor of INVESTORS) await write(investor.img, portraitSvg(investor.name));
  for (const brand of BRANDS) await write(brand.img, brandLogoSvg(brand));
  for (const banner of SKILL_BANNERS) await write(banner.img, skillBannerSvg(banner));
  await write(NOT_FOUND_IMAGE.img, notFoundSvg());
  await write(AUTH_ILLUSTRATION.img, authSvg());

  const missing: string[] = [];
  for (const image of new Set(referencedImages())) {
    const exists = await stat(path.join(PUBLIC_DIR, image)).then(() => true, () => false);
    if (!exists) missing.push(image);
  }
  if (missing.length > 0) throw new Error(`Referenced but not generated:\n  ${missing.join('\n  ')}`);

  const bytes = await directorySize(DEMO_DIR);
  console.log(`Wrote ${written} images to public/demo (${(bytes / 1024 / 1024).toFixed(2)} MB).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
