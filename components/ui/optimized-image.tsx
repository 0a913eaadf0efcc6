import Image from 'next/image';

type CatalogueImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  priority?: boolean;
};

/** Our own images go through the optimizer; a remote URL an admin entered is shown as it is. */
function isLocalImage(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//');
}

/** next/image with fixed dimensions (no layout shift) for catalogue pictures, local or remote. */
export function CatalogueImage({ src, alt, width, height, sizes, className, priority = false }: CatalogueImageProps) {
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      unoptimized={!isLocalImage(src)}
      className={className}
    />
  );
}
