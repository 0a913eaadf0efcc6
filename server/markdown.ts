import 'server-only';
import MarkdownIt from 'markdown-it';

// Article lessons are written in Markdown and rendered here once, when they are saved. Raw HTML
// is escaped rather than passed through (`html: false`), and markdown-it refuses javascript:,
// vbscript:, file: and non-image data: links, so the stored HTML is safe to put on a page.
// Images must be this site's own (uploaded images live under /media/): the pages' Content
// Security Policy allows no other, and a remote image would tell its host who reads the lesson.

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
  if (!token || !src.startsWith('/') || src.startsWith('//')) return markdown.utils.escapeHtml(token?.content ?? '');
  token.attrSet('loading', 'lazy');
  return renderImage(tokens, index, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
