// The React server renderer Next renders pages with, vendored by Next without types: a test renders
// with it (server/learning/render-completion.test.ts).
declare module 'next/dist/compiled/react-server-dom-turbopack/server.edge' {
  import type { ReactNode } from 'react';

  export function renderToReadableStream(model: ReactNode, bundlerConfig: object, options?: object): ReadableStream<Uint8Array>;
}
