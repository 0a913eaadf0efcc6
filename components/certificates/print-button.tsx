'use client';

/** Opens the browser's print dialog; the print stylesheet (app/globals.css) leaves the certificate alone on the page. */
export function PrintButton() {
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Print
    </button>
  );
}
