'use client';

import useEmblaCarousel from 'embla-carousel-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode, RefObject } from 'react';

// The one carousel of the home page, following the WAI-ARIA APG carousel pattern: a labelled
// region with roledescription "carousel", slides as labelled groups, previous/next buttons, a
// rotation control, arrow keys, and autoplay that pauses while the pointer or focus is inside it.
// Slides per view come from CSS flex-basis classes, so the server-rendered HTML already shows the
// right number of slides before any JavaScript runs. A carousel is set up (embla measures every
// slide) only when it first comes near the screen, and rotates only while it is there: the home
// page has six of them, and setting them all up at load was a large share of its blocking time.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
// On the server nothing moves anyway; assuming reduced motion keeps the first paint still.
const prefersReducedMotionOnServer = () => true;

/** Whether the element is on the screen or within 200 px of it (false until first checked). */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

type Props = {
  /** Accessible name of the carousel region. */
  label: string;
  /** One entry per slide, already rendered (server components are welcome). */
  slides: ReactNode[];
  /** Width of one slide per breakpoint, e.g. "basis-full sm:basis-1/2 lg:basis-1/4". */
  slideClassName: string;
  /** Milliseconds between automatic moves; no autoplay when absent. */
  autoplayMs?: number;
  /**
   * Hides the buttons from the server's first paint at widths where every slide fits, e.g.
   * "min-[1024px]:hidden". Otherwise they are only made invisible once the browser finds nothing
   * to scroll, keeping their row so nothing shifts; known in advance, the row is not left empty.
   */
  controlsClassName?: string;
};

export function Carousel({ label, slides, slideClassName, autoplayMs, controlsClassName = '' }: Props) {
  const t = useTranslations('catalogueCarousel');
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' });
  const regionRef = useRef<HTMLDivElement>(null);
  const nearScreen = useNearScreen(regionRef);
  // Once set up, a carousel stays set up (its position is kept when it scrolls away and back).
  const [started, setStarted] = useState(false);
  if (nearScreen && !started) setStarted(true);
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, prefersReducedMotionOnServer);

  const [selected, setSelected] = useState(0);
  const [scrollable, setScrollable] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Bumped by every manual move, so the next automatic one waits a full interval again.
  const [lastManualMove, setLastManualMove] = useState(0);
  // null until the visitor presses the rotation control; until then reduced motion decides.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);

  const autoplayWanted = Boolean(autoplayMs) && !(userPaused ?? reducedMotion);
  const shouldPlay = autoplayWanted && nearScreen && scrollable && !hovered && !focusInside && !dragging;

  // Autoplay is a plain timer (embla's autoplay plugin would only add bytes to the home page).
  useEffect(() => {
    if (!api || !shouldPlay || !autoplayMs) return;
    const timer = window.setInterval(() => api.scrollNext(), autoplayMs);
    return () => window.clearInterval(timer);
  }, [api, shouldPlay, autoplayMs, lastManualMove]);

  useEffect(() => {
    if (!api) return;
    const sync = () => {
      setSelected(api.selectedScrollSnap());
      setScrollable(api.canScrollNext() || api.canScrollPrev());
    };
    // No automatic move while a swipe is in progress; the timer restarts once it ends.
    const dragStart = () => setDragging(true);
    const dragEnd = () => setDragging(false);
    sync();
    api.on('select', sync).on('reInit', sync).on('pointerDown', dragStart).on('pointerUp', dragEnd);
    return () => {
      api.off('select', sync).off('reInit', sync).off('pointerDown', dragStart).off('pointerUp', dragEnd);
    };
  }, [api]);

  const go = useCallback(
    (direction: 'previous' | 'next') => {
      if (!api) return;
      // Reduced motion: jump instead of sliding.
      if (direction === 'next') api.scrollNext(reducedMotion);
      else api.scrollPrev(reducedMotion);
      setLastManualMove(Date.now());
    },
    [api, reducedMotion],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
    event.preventDefault();
    go(event.key === 'ArrowLeft' ? 'previous' : 'next');
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
  }

  const viewportId = useId();
  const total = slides.length;
  const playing = autoplayWanted && scrollable;
  const buttonClass =
    'flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm transition-colors hover:border-brand-600 hover:text-brand-700 disabled:opacity-40';

  return (
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      // Lets tests (and styles) tell a hydrated carousel from the server-rendered first paint.
      data-ready={api ? 'true' : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className={`mb-3 flex items-center justify-end gap-2 ${scrollable ? '' : 'invisible'} ${controlsClassName}`}>
        {autoplayMs ? (
          <button
            type="button"
            className={buttonClass}
            aria-label={playing ? t('pause') : t('start')}
            onClick={() => setUserPaused(playing)}
            disabled={!scrollable}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
        ) : null}
        <button type="button" className={buttonClass} aria-label={t('previous')} aria-controls={viewportId} onClick={() => go('previous')} disabled={!scrollable}>
          <ChevronIcon direction="left" />
        </button>
        <button type="button" className={buttonClass} aria-label={t('next')} aria-controls={viewportId} onClick={() => go('next')} disabled={!scrollable}>
          <ChevronIcon direction="right" />
        </button>
      </div>
      <div
        ref={started ? viewportRef : undefined}
        id={viewportId}
        className="overflow-hidden"
        onFocus={() => setFocusInside(true)}
        onBlur={onBlur}
      >
        {/* Vertical padding keeps card shadows from being clipped by the viewport. */}
        <div className="-ml-4 flex touch-pan-y touch-pinch-zoom py-2">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { index: index + 1, total })}
              className={`min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* Announces manual moves only; while rotating, announcements would interrupt every few seconds. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {playing || !scrollable ? '' : t('position', { index: selected + 1, total })}
      </p>
    </div>
  );
}

const iconProps = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return <svg {...iconProps}>{direction === 'left' ? <path d="m15 18-6-6 6-6" /> : <path d="m9 18 6-6-6-6" />}</svg>;
}

function PauseIcon() {
  return <svg {...iconProps}><path d="M9 5v14M15 5v14" /></svg>;
}

function PlayIcon() {
  return <svg {...iconProps}><path d="m8 5 11 7-11 7z" /></svg>;
}
