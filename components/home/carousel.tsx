'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode, RefObject } from 'react';

// The one carousel of the home page, following the WAI-ARIA APG carousel pattern: a labelled
// region with roledescription "carousel", slides as labelled groups, previous/next buttons, a
// rotation control, arrow keys, and autoplay that pauses while the pointer or focus is inside it.
// It is the browser's own horizontal scrolling with scroll snapping: slides can be swiped before
// any JavaScript has loaded (and on a slow phone that can take a while), and the script only adds
// the buttons, the keys, the rotation and the announcements, with no carousel library to download.
// Slides per view come from CSS flex-basis classes, so the server-rendered HTML already shows the
// right number of slides. A carousel is set up only when it first comes near the screen, and
// rotates only while it is there.

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

/** How long the viewport must be still before a scroll counts as ended (Safari has no scrollend event). */
const SCROLL_SETTLE_MS = 150;

/** Where each slide starts (its snap point), clamped to what the viewport can scroll to. */
function snapPositions(viewport: HTMLElement): number[] {
  const maxScroll = viewport.scrollWidth - viewport.clientWidth;
  const origin = viewport.getBoundingClientRect().left - viewport.scrollLeft;
  return Array.from(viewport.querySelectorAll<HTMLElement>('[data-snap]'), (snap) => Math.min(maxScroll, Math.max(0, Math.round(snap.getBoundingClientRect().left - origin))));
}

/** The slide whose snap point is nearest the viewport's position. */
function nearestSlide(viewport: HTMLElement): number {
  const positions = snapPositions(viewport);
  let nearest = 0;
  for (let index = 1; index < positions.length; index += 1) {
    if (Math.abs((positions[index] ?? 0) - viewport.scrollLeft) < Math.abs((positions[nearest] ?? 0) - viewport.scrollLeft)) nearest = index;
  }
  return nearest;
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
  const viewportRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const nearScreen = useNearScreen(regionRef);
  // Once set up, a carousel stays set up (its position is kept when it scrolls away and back).
  const [started, setStarted] = useState(false);
  if (nearScreen && !started) setStarted(true);
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, prefersReducedMotionOnServer);

  const [selected, setSelected] = useState(0);
  // The slide the last move is heading to: a second press during a smooth scroll goes one further.
  const heading = useRef(0);
  const [scrollable, setScrollable] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Bumped by every manual move, so the next automatic one waits a full interval again.
  const [lastManualMove, setLastManualMove] = useState(0);
  // null until the visitor presses the rotation control; until then reduced motion decides.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);

  const autoplayWanted = Boolean(autoplayMs) && !(userPaused ?? reducedMotion);
  const shouldPlay = started && autoplayWanted && nearScreen && scrollable && !hovered && !focusInside && !dragging;

  const scrollToSlide = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const positions = snapPositions(viewport);
      const maxScroll = viewport.scrollWidth - viewport.clientWidth;
      // Past the last slide that can come to the front, round to the first (and back).
      const last = Math.max(0, positions.findIndex((position) => position >= maxScroll));
      const target = index > last ? 0 : index < 0 ? last : index;
      heading.current = target;
      setSelected(target);
      // Reduced motion: jump instead of sliding.
      viewport.scrollTo({ left: positions[target] ?? 0, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!shouldPlay || !autoplayMs) return;
    const timer = window.setInterval(() => scrollToSlide(heading.current + 1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [shouldPlay, autoplayMs, lastManualMove, scrollToSlide]);

  // Follows the viewport: what can scroll, and which slide a swipe or a scrolled-to link left in front.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!started || !viewport) return;
    const measure = () => setScrollable(viewport.scrollWidth - viewport.clientWidth > 1);
    let settle: number | undefined;
    const onScroll = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(() => {
        heading.current = nearestSlide(viewport);
        setSelected(heading.current);
      }, SCROLL_SETTLE_MS);
    };
    const resize = new ResizeObserver(measure);
    resize.observe(viewport);
    measure();
    viewport.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      resize.disconnect();
      window.clearTimeout(settle);
      viewport.removeEventListener('scroll', onScroll);
    };
  }, [started]);

  const go = useCallback(
    (direction: 'previous' | 'next') => {
      scrollToSlide(heading.current + (direction === 'next' ? 1 : -1));
      setLastManualMove(Date.now());
    },
    [scrollToSlide],
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

  // No automatic move under a finger, and a full interval after the visitor swiped.
  function onPointerDown() {
    setDragging(true);
    setLastManualMove(Date.now());
  }
  function onPointerEnd() {
    setDragging(false);
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
      data-ready={started ? 'true' : undefined}
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
        ref={viewportRef}
        id={viewportId}
        // A scrolling area is reachable by keyboard also when its slides hold nothing focusable (logos).
        tabIndex={0}
        className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onFocus={() => setFocusInside(true)}
        onBlur={onBlur}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onWheel={() => setLastManualMove(Date.now())}
      >
        {/* Vertical padding keeps card shadows from being clipped by the viewport. The gutter is each
            slide's left padding, pulled out of view for the first; a slide snaps by its content. */}
        <div className="-ml-4 flex py-2">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slide', { index: index + 1, total })}
              className={`min-w-0 shrink-0 grow-0 pl-4 ${slideClassName}`}
            >
              <div data-snap className="h-full snap-start">
                {slide}
              </div>
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
