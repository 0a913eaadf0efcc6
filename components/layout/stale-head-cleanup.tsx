'use client';

import { useEffect } from 'react';

// Removes the previous page's <title>, <meta> and <link rel="canonical"> tags that React lost track of.
//
// Next renders a page's metadata inside its own Suspense boundary, and React hydrates that boundary
// late, at its lowest priority. When a visitor follows a link before that happens, React deletes
// the still-dehydrated boundary, but not the tags the server had hoisted into <head> for it
// (react-dom's clearHydrationBoundary only clears the body). The next page then had two canonical
// links, two descriptions and two titles: the stale ones pointing to the page just left (seen in 3
// of 20 quick list-to-course navigations on this machine).
//
// React marks every head tag it owns (created, or hydrated from the server's HTML) with an expando
// property. So when React adds page metadata, any page metadata it does not own is a leftover.

const PAGE_LINK_RELS = new Set(['canonical', 'alternate', 'icon', 'apple-touch-icon', 'manifest', 'author']);
const REACT_OWNERSHIP_PREFIXES = ['__reactMarker$', '__reactFiber$'];

function isPageMetadata(node: Node): node is HTMLElement {
  if (node instanceof HTMLTitleElement) return true;
  if (node instanceof HTMLMetaElement) return !node.hasAttribute('charset');
  if (node instanceof HTMLLinkElement) return [...node.relList].some((rel) => PAGE_LINK_RELS.has(rel.toLowerCase()));
  return false;
}

function ownedByReact(node: Node): boolean {
  return Object.keys(node).some((key) => REACT_OWNERSHIP_PREFIXES.some((prefix) => key.startsWith(prefix)));
}

function removeLeftovers(records: MutationRecord[]) {
  const reactAddedMetadata = records.some((record) => [...record.addedNodes].some((node) => isPageMetadata(node) && ownedByReact(node)));
  if (!reactAddedMetadata) return;
  for (const node of [...document.head.children]) {
    if (isPageMetadata(node) && !ownedByReact(node)) node.remove();
  }
}

export function StaleHeadCleanup() {
  useEffect(() => {
    const observer = new MutationObserver(removeLeftovers);
    observer.observe(document.head, { childList: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
