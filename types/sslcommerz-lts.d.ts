// The official SSLCommerz client ships no types. Every method resolves to the parsed JSON answer,
// or to the Error that fetching or parsing it threw (it catches and returns it): callers must check
// what came back (server/payments/sslcommerz/client.ts does, with zod).
declare module 'sslcommerz-lts' {
  export default class SSLCommerzPayment {
    constructor(storeId: string, storePassword: string, live?: boolean);
    baseURL: string;
    initURL: string;
    validationURL: string;
    refundURL: string;
    refundQueryURL: string;
    transactionQueryBySessionIdURL: string;
    transactionQueryByTransactionIdURL: string;
    init(data: Record<string, string | number | undefined>): Promise<unknown>;
    validate(data: { val_id: string }): Promise<unknown>;
    initiateRefund(data: { refund_amount: string; refund_remarks: string; bank_tran_id: string; refe_id: string }): Promise<unknown>;
    refundQuery(data: { refund_ref_id: string }): Promise<unknown>;
    transactionQueryBySessionId(data: { sessionkey: string }): Promise<unknown>;
    transactionQueryByTransactionId(data: { tran_id: string }): Promise<unknown>;
  }
}
