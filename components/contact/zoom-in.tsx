import type { ReactNode } from 'react';
import styles from './zoom-in.module.css';

/** A block that zooms in on first paint; pure CSS, so it costs no JavaScript and respects reduced motion. */
export function ZoomIn({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`${styles.zoomIn} ${className}`}>{children}</div>;
}
