import 'server-only';
import MarkdownIt from 'markdown-it';
import { isSiteImageAddress } from '@/lib/schemas/admin-fields';

// Article lessons are written in Markdown and rendered here once, when they are saved. Raw HTML
// is escaped rather than passed through (`html: false`), and markdown-it refuses javascript:,
// vbscript:, file: and non-image data: links, so the stored HTML is safe to put on a page.
// Images must be this site's own uploaded or demo images, by the rule the catalogue's image fields
// use: a remote image would tell its host who reads the lesson, and any other address on the site
// (`/media/../api/user`) would make every reader's browser send a credentialed GET to it.

/** Bumped when the rules change: HTML stored by an older renderer is rendered again when next read. */
export const MARKDOWN_RENDERER = 2;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const renderLink = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = token?.attrGet('href') ?? '';
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet('rel', 'noopener noreferrer nofollow');
    token.attrSet('target', '_blank');
  }
  return renderLink(tokens, index, options, env, self);
};

const renderImage = markdown.renderer.rules.image ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const src = token?.attrGet('src') ?? '';
  if (!token || !isSiteImageAddress(src)) return markdown.utils.escapeHtml(token?.content ?? '');
  token.attrSet('loading', 'lazy');
  return renderImage(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** An article as stored: its Markdown, the HTML rendered from it, and the renderer that made it. */
export function renderedArticle(source: string): { markdown: string; html: string; renderer: number } {
  return { markdown: source, html: renderMarkdown(source), renderer: MARKDOWN_RENDERER };
}
