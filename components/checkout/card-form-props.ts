import type { Failure } from './checkout-answer';

/** What both card forms (Stripe Elements and the sandbox) need from the payment panel. */
export type CardFormProps = {
  /** Null until the server has created the payment intent; the form stays disabled until then. */
  clientSecret: string | null;
  onPaid: (transactionId: string) => Promise<void>;
  onFailure: (failure: Failure) => void;
};
