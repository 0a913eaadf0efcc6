// The accounts the multi-instance checks use besides the demo admin: seeded by seed-accounts.ts
// into the multi-instance database only (scripts/multi-instance/run.sh).

export const MULTI_PASSWORD = 'KzMulti#2026-account';

/** Buyers: 1 and 2 for the price change (check 2), 3 for the order paid through both instances (check 4). */
export const MULTI_BUYERS = [1, 2, 3].map((index) => `multi-buyer-${index}@knowledgezone.test`);

/** Buyers racing for one promo code through both instances (check 5). */
export const MULTI_PROMO_BUYERS = Array.from({ length: 20 }, (_, index) => `multi-promo-${index + 1}@knowledgezone.test`);

/** Buyers paying in taka through the simulators, one order each, confirmed through both instances at once (checks 6 and 7). */
export const MULTI_SSLCOMMERZ_BUYER = 'multi-taka-sslcommerz@knowledgezone.test';
export const MULTI_BKASH_BUYER = 'multi-taka-bkash@knowledgezone.test';

/** A buyer of a book who reviews it on A while B's unrelated pages are watched (check 1b). */
export const MULTI_REVIEWER = 'multi-reviewer@knowledgezone.test';

/** Two signed-in visitors of their own orders page through nginx's microcache at the same moment (check 9). */
export const MULTI_PRIVATE_VIEWERS = [1, 2].map((index) => `multi-private-${index}@knowledgezone.test`);

/** Wrong-password targets (check 3): one attacked through one instance, one through both in turn. */
export const LOCK_ONE_INSTANCE = 'multi-lock-one@knowledgezone.test';
export const LOCK_BOTH_INSTANCES = 'multi-lock-both@knowledgezone.test';

export const MULTI_ACCOUNTS = [
  ...MULTI_BUYERS, ...MULTI_PROMO_BUYERS, LOCK_ONE_INSTANCE, LOCK_BOTH_INSTANCES, MULTI_SSLCOMMERZ_BUYER, MULTI_BKASH_BUYER, MULTI_REVIEWER, ...MULTI_PRIVATE_VIEWERS,
];
