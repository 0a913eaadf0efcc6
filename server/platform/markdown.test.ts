import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, links, code and tables', () => {
    const html = renderMarkdown(['## Speed', '', '- one', '- two', '', '[Wiki](https://en.wikipedia.org/wiki/Speed)', '', '```python', 'print(1)', '```', '', '| a | b |', '|---|---|', '| 1 | 2 |'].join('\n'));
    expect(html).toContain('<h2>Speed</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://en.wikipedia.org/wiki/Speed" rel="noopener noreferrer nofollow" target="_blank">Wiki</a>');
    expect(html).toContain('<code class="language-python">print(1)\n</code>');
    expect(html).toContain('<td>2</td>');
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses script links', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<b>x</b>']) {
      expect(renderMarkdown(`[click](${href})`)).not.toContain('href=');
    }
  });

  it('keeps only the site’s own uploaded and demo images, by the catalogue image fields’ rule', () => {
    expect(renderMarkdown('![diagram](/media/0123456789abcdef01234567)')).toContain('<img src="/media/0123456789abcdef01234567" alt="diagram" loading="lazy">');
    expect(renderMarkdown('![cover](/demo/auth.webp)')).toContain('<img src="/demo/auth.webp" alt="cover" loading="lazy">');
    // Any other address on the site would make every reader's browser send it a credentialed GET.
    for (const src of ['/media/../api/user', '/api/user', '/media/0123456789abcdef01234567/../../api/user', '/media/%2e%2e/api/user', '/logout', '/demo/../api/user.png']) {
      expect(renderMarkdown(`![x](${src})`)).not.toContain('<img');
    }
    expect(renderMarkdown('![tracker](https://evil.example/pixel.gif)')).not.toContain('<img');
    expect(renderMarkdown('![tracker](//evil.example/pixel.gif)')).not.toContain('<img');
  });
});
