/**
 * @jest-environment node
 * @jest-environment-options {"customExportConditions": ["react-server", "node", "require", "default"]}
 */
import { createElement } from 'react';
import { renderToReadableStream } from 'next/dist/compiled/react-server-dom-turbopack/server.edge';
import { releaseRenderWhenComplete } from './render-completion';

// React aborts a completed render's cache signal with an Error whose stack nobody reads, and V8
// keeps the render reachable through that stack's frames until it is read (react/react#37288).
// V8 formats a stack — calling Error.prepareStackTrace — when it is first read: that shows whether
// the render's reason was read, in a real React server render.

const COMPLETED = 'This render completed successfully';

async function render(withRelease: boolean): Promise<number> {
  let formatted = 0;
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (error, frames) => {
    if (error.message.includes(COMPLETED)) formatted += 1;
    return previous ? previous(error, frames) : `${error.name}: ${error.message}`;
  };
  try {
    function Page() {
      if (withRelease) releaseRenderWhenComplete();
      return 'page';
    }
    const stream = renderToReadableStream(createElement(Page), {});
    await new Response(stream).text();
    await new Promise((resolve) => setImmediate(resolve));
    return formatted;
  } finally {
    Error.prepareStackTrace = previous;
  }
}

test('the completed render\'s abort reason has its stack read, so its frames can go', async () => {
  expect(await render(true)).toBe(1);
});

test('without it nobody reads that stack (what the layout works around)', async () => {
  expect(await render(false)).toBe(0);
});
