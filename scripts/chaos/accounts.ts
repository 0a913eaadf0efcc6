// The buyers scenario 2 signs in as: seeded by seed-buyers.ts into the chaos database only.

export const CHAOS_BUYER_COUNT = 12;
export const CHAOS_BUYER_PASSWORD = 'KzChaos#2026-buyer';

export function chaosBuyerEmail(index: number): string {
  return `chaos-buyer-${index}@knowledgezone.test`;
}
