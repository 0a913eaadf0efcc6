import { createHash, timingSafeEqual } from 'node:crypto';

// The IPN's `verify_sign`, checked as SSLCommerz's own libraries check it: the posted fields named
// in `verify_key`, with `store_passwd` = md5(store password), sorted by name, joined as k=v&k=v and
// md5'd. Compared in constant time. It only filters forgeries out early: an order is paid only
// after the validation API confirms the payment (server to server).

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function ipnSignatureValid(fields: Readonly<Record<string, string>>, storePassword: string): boolean {
  const sign = fields.verify_sign;
  const keyList = fields.verify_key;
  if (!sign || !keyList || !/^[0-9a-f]{32}$/i.test(sign)) return false;
  const keys = keyList.split(',');
  // A signature over a field that was not posted proves nothing; one that leaves out what the
  // notice is about (which payment, what happened, for how much) does not cover it.
  if (keys.some((key) => !Object.hasOwn(fields, key) || key === 'store_passwd')) return false;
  const covered = ['status', 'tran_id', ...['val_id', 'amount', 'currency'].filter((key) => Object.hasOwn(fields, key))];
  if (covered.some((key) => !keys.includes(key))) return false;
  const signed: Record<string, string> = Object.fromEntries(keys.map((key) => [key, fields[key] ?? '']));
  signed.store_passwd = md5(storePassword);
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return timingSafeEqual(Buffer.from(md5(text), 'hex'), Buffer.from(sign.toLowerCase(), 'hex'));
}
