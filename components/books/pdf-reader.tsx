'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Spinner } from '@/components/ui/spinner';
import { parseStored, readStoredText, storeOnDevice } from '@/lib/device-storage';
import { formatNumber } from '@/lib/format';
import type { FormatLocale } from '@/lib/format';

type Props = { bookId: string; fileUrl: string; sizeBytes: number; name: string };

type Loading = { state: 'loading' } | { state: 'ready'; pageCount: number } | { state: 'failed' };

const ZOOMS = [0.75, 1, 1.25, 1.5, 2] as const;
const FIT_WIDTH = 1;
// pdf.js asks for the file in ranges of this size and only for the pages shown, so the first page
// appears without the whole book on a slow connection (and opening a book to look at it does not
// take it: what is fetched counts towards the refund rule).
const RANGE_BYTES = 128 * 1024;

const pageKey = (bookId: string) => `kz-book-page:${bookId}`;

/** pdf.js and its worker, fetched the first time a book is opened (not part of any other page's code). */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
  return pdfjs;
}

/**
 * Opens the PDF at `url` (of `length` bytes, known from the page) with only Range requests: pdf.js
 * asks for the parts it needs through this transport, without first requesting the whole file.
 * `onFailure`: a range could not be fetched (offline, signed out, refunded).
 */
async function openRanged(url: string, length: number, onFailure: () => void) {
  const pdfjs = await loadPdfJs();
  class RangedTransport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      fetch(url, { headers: { Range: `bytes=${begin}-${end - 1}` }, credentials: 'same-origin' })
        .then((response) => {
          // A range that is the whole file may come back whole (200).
          const whole = response.status === 200 && begin === 0 && end >= length;
          if (response.status !== 206 && !whole) throw new Error(`range answered ${response.status}`);
          return response.arrayBuffer();
        })
        .then((data) => this.onDataRange(begin, new Uint8Array(data)))
        .catch(onFailure);
    }
  }
  return pdfjs.getDocument({ range: new RangedTransport(length, null), length, rangeChunkSize: RANGE_BYTES, disableAutoFetch: true, disableStream: true, isEvalSupported: false });
}

/**
 * A bought PDF read in the page, on any phone (Android's browser has no PDF viewer of its own):
 * one page at a time, fitted to the screen's width and sharp on dense screens, with page and zoom
 * controls, arrow keys, and the page the reader was on kept on the device. The page's text is
 * given to screen readers as well.
 */
export function PdfReader({ bookId, fileUrl, sizeBytes, name }: Props) {
  const t = useTranslations('bookShelf');
  const locale = useLocale() as FormatLocale;
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<number>(FIT_WIDTH);
  const [width, setWidth] = useState(0);
  const [pageText, setPageText] = useState('');
  const documentRef = useRef<PDFDocumentProxy | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    const fail = () => {
      if (!cancelled) setLoading({ state: 'failed' });
    };
    (async () => {
      const task = await openRanged(fileUrl, sizeBytes, fail);
      destroy = () => void task.destroy();
      if (cancelled) return destroy();
      const pdf = await task.promise;
      if (cancelled) return;
      documentRef.current = pdf;
      const kept = parseStored<number>(readStoredText(pageKey(bookId)), 1);
      setPageNumber(Number.isInteger(kept) && kept >= 1 && kept <= pdf.numPages ? kept : 1);
      setLoading({ state: 'ready', pageCount: pdf.numPages });
    })().catch(fail);
    return () => {
      cancelled = true;
      documentRef.current = null;
      destroy?.();
    };
  }, [bookId, fileUrl, sizeBytes]);

  // The page is drawn at the frame's width: follow it when the phone turns or the window resizes.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const pdf = documentRef.current;
    const canvas = canvasRef.current;
    if (loading.state !== 'ready' || !pdf || !canvas || width === 0) return;
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const cssScale = (width / natural.width) * zoom;
      const pixelRatio = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = page.getViewport({ scale: cssScale * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(natural.width * cssScale)}px`;
      canvas.style.height = `${Math.floor(natural.height * cssScale)}px`;
      const render = page.render({ canvas, viewport });
      cancelRender = () => render.cancel();
      const [text] = await Promise.all([page.getTextContent(), render.promise]);
      if (!cancelled) setPageText(text.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    })().catch(() => {
      // A render cancelled by the next page or zoom: the next one draws.
    });
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [loading.state, pageNumber, zoom, width]);

  const pageCount = loading.state === 'ready' ? loading.pageCount : 0;
  const goTo = useCallback(
    (target: number) => {
      if (pageCount === 0) return;
      const next = Math.min(Math.max(1, target), pageCount);
      setPageNumber(next);
      storeOnDevice(pageKey(bookId), next);
    },
    [bookId, pageCount],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === 'ArrowRight' || event.key === 'PageDown') goTo(pageNumber + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') goTo(pageNumber - 1);
    else return;
    event.preventDefault();
  };

  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const number = (value: number) => formatNumber(value, locale);

  return (
    <section aria-label={t('readerLabel', { name })} className="mx-auto max-w-4xl rounded-xl bg-slate-100 ring-1 ring-slate-200" onKeyDown={onKeyDown}>
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded-t-xl bg-white/95 px-2 py-2 shadow-sm sm:px-4">
        <div className="flex items-center gap-1 sm:gap-2">
          <button type="button" className="btn-outline px-3 py-1" aria-label={t('previousPage')} onClick={() => goTo(pageNumber - 1)} disabled={pageCount === 0 || pageNumber <= 1}>
            {t('previous')}
          </button>
          <button type="button" className="btn-outline px-3 py-1" aria-label={t('nextPage')} onClick={() => goTo(pageNumber + 1)} disabled={pageCount === 0 || pageNumber >= pageCount}>
            {t('next')}
          </button>
        </div>
        {pageCount > 0 ? (
          <form
            className="flex items-center gap-2 text-sm text-slate-700"
            onSubmit={(event) => {
              event.preventDefault();
              const value = Number(new FormData(event.currentTarget).get('page'));
              if (Number.isFinite(value)) goTo(Math.round(value));
            }}
          >
            <label htmlFor="reader-page">{t('page')}</label>
            <input
              key={pageNumber}
              id="reader-page"
              name="page"
              type="number"
              inputMode="numeric"
              min={1}
              max={pageCount}
              defaultValue={pageNumber}
              className="w-16 rounded-md border border-slate-300 px-2 py-1 text-center"
            />
            <span>{t('ofPages', { count: number(pageCount) })}</span>
          </form>
        ) : null}
        <div className="flex items-center gap-1" role="group" aria-label={t('zoom')}>
          <button type="button" className="btn-outline px-3 py-1" aria-label={t('zoomOut')} onClick={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)} disabled={zoomIndex <= 0}>
            −
          </button>
          <span className="w-12 text-center text-sm text-slate-700" aria-live="polite">
            {number(Math.round(zoom * 100))}%
          </span>
          <button type="button" className="btn-outline px-3 py-1" aria-label={t('zoomIn')} onClick={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)} disabled={zoomIndex >= ZOOMS.length - 1}>
            +
          </button>
        </div>
      </div>
      <div ref={frameRef} className="overflow-auto p-2 sm:p-4">
        {loading.state === 'loading' ? (
          <Spinner label={t('opening')} />
        ) : null}
        {loading.state === 'failed' ? (
          <p role="alert" className="py-10 text-center text-slate-800">
            {t('readerFailed')}
          </p>
        ) : null}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('pageOf', { page: number(pageNumber), count: number(pageCount) })}
          className={loading.state === 'ready' ? 'mx-auto block bg-white shadow' : 'hidden'}
        />
        <div className="sr-only">{pageText}</div>
      </div>
    </section>
  );
}
