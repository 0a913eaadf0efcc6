import { getImageProps } from 'next/image';
import { preload } from 'react-dom';

type OptimizedImageProps = {
  src: string;
  alt: string;
  /** Without `sizes`: the largest width it is shown at, in CSS pixels (srcset holds 1x and 2x only). */
  width: number;
  height: number;
  /**
   * For pictures whose width follows the viewport (srcset then lists every configured width).
   * Each candidate is written twice per page (HTML and RSC payload), so fixed-width pictures
   * such as carousel cards leave it out.
   */
  sizes?: string;
  className?: string;
  /** The page's main picture (LCP): preloaded, fetched first, never lazy. */
  priority?: boolean;
};

/** Our own images go through the optimizer; a remote URL an admin entered is shown as it is. */
function isLocalImage(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//');
}

/**
 * An optimized, fixed-size picture (no layout shift) rendered as a plain <img> on the server.
 * next/image's <Image> is a client component and would add its code to every page's JavaScript;
 * getImageProps gives the same srcset, sizes and lazy loading without any.
 */
export function OptimizedImage({ src, alt, width, height, sizes, className, priority = false }: OptimizedImageProps) {
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes,
    className,
    preload: priority,
    fetchPriority: priority ? 'high' : undefined,
    // The main picture is shown in the same frame as the text around it; next/image's default
    // (async) lets the browser paint it a few frames later, once scripts have taken the main thread.
    decoding: priority ? 'sync' : 'async',
    unoptimized: !isLocalImage(src),
  });
  if (priority) {
    preload(props.src, { as: 'image', fetchPriority: 'high', imageSrcSet: props.srcSet, imageSizes: props.sizes });
  }
  // eslint-disable-next-line @next/next/no-img-element -- the props come from next/image's getImageProps
  return <img {...props} alt={alt} />;
}
