import 'server-only';
import { z } from 'zod';
import { amountToPaisa } from '../decimal-amounts';
import { TRANSACTION_STATUSES, type BkashTransactionStatus } from './client';

// What a bKash webhook notification says (the `Message` of a verified SNS Notification, a JSON
// text). A notice is a prompt, not proof: the handler confirms a payment with queryPayment (which
// names the invoice) before fulfilling, and acts on each trxID once however often SNS repeats it.

export type BkashNotice = {
  /** A refund names the transaction it pays back (originalTrxID) or says transactionType "Refund". */
  kind: 'payment' | 'refund';
  trxId: string;
  originalTrxId: string | null;
  paymentId: string | null;
  amountPaisa: number;
  currency: 'BDT';
  status: BkashTransactionStatus;
  invoiceNumber: string | null;
  /** bKash's time text, kept as sent (e.g. "20250101123045"). */
  dateTime: string;
  debitMsisdn: string | null;
  creditShortCode: string | null;
};

const optionalText = z.string().max(255).nullish();
const noticeSchema = z.object({
  trxID: z.string().min(1).max(100),
  originalTrxID: optionalText,
  paymentID: optionalText,
  amount: z.union([z.string(), z.number()]),
  currency: z.literal('BDT'),
  transactionStatus: z.enum(TRANSACTION_STATUSES),
  transactionType: optionalText,
  merchantInvoiceNumber: optionalText,
  dateTime: z.string().min(1).max(100),
  debitMSISDN: optionalText,
  creditShortCode: optionalText,
});

export function parseBkashNotice(message: string): { ok: true; notice: BkashNotice } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = noticeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `unexpected notice (${[...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ')})` };
  const notice = parsed.data;
  const amountPaisa = amountToPaisa(String(notice.amount));
  if (amountPaisa === null) return { ok: false, reason: 'amount is not an amount of taka' };
  const isRefund = Boolean(notice.originalTrxID) || notice.transactionType?.toLowerCase() === 'refund';
  return {
    ok: true,
    notice: {
      kind: isRefund ? 'refund' : 'payment',
      trxId: notice.trxID,
      originalTrxId: notice.originalTrxID ?? null,
      paymentId: notice.paymentID ?? null,
      amountPaisa,
      currency: notice.currency,
      status: notice.transactionStatus,
      invoiceNumber: notice.merchantInvoiceNumber ?? null,
      dateTime: notice.dateTime,
      debitMsisdn: notice.debitMSISDN ?? null,
      creditShortCode: notice.creditShortCode ?? null,
    },
  };
}
