import { decideCheckoutMode } from './mode';

// Which gateway a server takes payments with: the sandbox sells for the
// public test card, so only the demo, an operator's explicit choice, or development get it.

const production: Parameters<typeof decideCheckoutMode>[0] = { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'false', KZ_DEMO_MODE: 'false' };

describe('decideCheckoutMode', () => {
  it('takes no payments on a production server without Stripe keys or an explicit sandbox choice', () => {
    expect(decideCheckoutMode(production)).toEqual({ kind: 'unavailable' });
  });

  it('runs the sandbox for the demo, for an operator who allowed it, and outside production', () => {
    expect(decideCheckoutMode({ ...production, KZ_DEMO_MODE: 'true' })).toEqual({ kind: 'sandbox' });
    expect(decideCheckoutMode({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' })).toEqual({ kind: 'sandbox' });
    expect(decideCheckoutMode({ ...production, NODE_ENV: 'development' })).toEqual({ kind: 'sandbox' });
    expect(decideCheckoutMode({ ...production, NODE_ENV: 'test' })).toEqual({ kind: 'sandbox' });
  });

  it('uses Stripe whenever its secret key is set, even in the demo', () => {
    expect(decideCheckoutMode({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toEqual({ kind: 'stripe', publishableKey: 'pk_live_x' });
    expect(decideCheckoutMode({ ...production, KZ_DEMO_MODE: 'true', STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual({ kind: 'stripe', publishableKey: null });
  });
});
