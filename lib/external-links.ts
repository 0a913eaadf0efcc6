// The footer's links to the mobile apps and social media pages (docs/product.md §2 Footer). They are the
// operator's own addresses, set in the environment (server/platform/env.ts, .env.example); a link whose
// address is not set is not shown, rather than leading to the store's or network's home page.

export type ExternalLinks = {
  googlePlay?: string;
  appStore?: string;
  facebook?: string;
  youtube?: string;
  instagram?: string;
  linkedin?: string;
};
