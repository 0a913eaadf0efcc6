/**
 * Says on every page that this shop sells for Stripe's public test card. The root layout shows it
 * whenever the sandbox gateway takes the payments (server/payments/mode.ts).
 */
export function DemoBanner() {
  return (
    <aside aria-label="Demo shop" className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
      Demo shop: no real payments; use card 4242 4242 4242 4242
    </aside>
  );
}
