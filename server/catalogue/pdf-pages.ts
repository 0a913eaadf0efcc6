import 'server-only';
import type { BookFileInfo } from './book-files';
import { streamBookFile } from './book-files';

// A PDF's page count, as pdf.js (the library the book reader uses) reads it: only the ranges it
// asks for (the header, the cross-reference table and the page tree), a few chunks of even a large
// file, never the whole file in memory. pdf.js runs its parser in this thread (no worker in Node).

/** Bytes pdf.js asks for at a time. */
const RANGE_BYTES = 64 * 1024;

/** A file pdf.js has not made sense of by then is counted as unreadable. */
const READ_TIMEOUT_MS = 30_000;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The stored PDF's number of pages; null when pdf.js cannot read it. */
export async function countPdfPages(file: BookFileInfo): Promise<number | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  class StoredFileRanges extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      bytesOf(streamBookFile(file, begin, Math.min(end, file.length) - 1)).then(
        (bytes) => this.onDataRange(begin, bytes),
        // pdf.js would wait for the range for ever: stopping it fails the document, which answers null.
        () => void task.destroy(),
      );
    }
  }
  const task = pdfjs.getDocument({
    range: new StoredFileRanges(file.length, null),
    length: file.length,
    rangeChunkSize: RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const timer = setTimeout(() => void task.destroy(), READ_TIMEOUT_MS);
  try {
    const document = await task.promise;
    return document.numPages;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    await task.destroy();
  }
}
