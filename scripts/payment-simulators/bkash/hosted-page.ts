// The simulator's stand-in for bKash's hosted payment page: wallet number, then the OTP, then the
// PIN, as bKash's sandbox asks. Plain HTML forms (no JavaScript), large inputs for a phone, and
// labelled everywhere as a local simulator so nobody takes it for bKash.

import { escapeHtml } from '../http';

export const SIMULATOR_OTP = '123456';
export const SIMULATOR_PIN = '12121';
/** A wallet of bKash's sandbox that pays; any other 01XXXXXXXXX number pays too, except FAILING_WALLETS. */
export const PAYING_WALLET = '01770618575';
/** bKash's sandbox wallets that fail after the PIN, and why. */
export const FAILING_WALLETS: Readonly<Record<string, string>> = { '01823074817': 'Insufficient Balance', '01823074818': 'Debit Block' };

export type HostedStep = 'wallet' | 'otp' | 'pin';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f6;color:#1d1d1f;font-size:1.05rem}
.banner{background:#1d1d1f;color:#fff;padding:.6rem 1rem;text-align:center;font-size:.95rem}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{color:#c2185b;font-size:1.5rem;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}
dt{color:#555}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.5rem 0}
input{width:100%;font-size:1.4rem;padding:.75rem;border:2px solid #888;border-radius:8px;letter-spacing:.05em}
input:focus{outline:3px solid #c2185b;outline-offset:1px}
.hint{background:#fff4e5;border:1px solid #c77700;border-radius:8px;padding:.5rem .75rem;margin:.75rem 0;font-size:.95rem}
.error{background:#fdecea;border:1px solid #b3261e;color:#8c1d18;border-radius:8px;padding:.5rem .75rem;margin:.75rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{flex:1 1 8rem;min-height:3rem;font-size:1.1rem;border-radius:8px;border:2px solid #c2185b;background:#fff;color:#c2185b;font-weight:600;cursor:pointer}
button.primary{background:#c2185b;color:#fff}
button.fail{border-color:#555;color:#333;flex-basis:100%}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · bKash simulator</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">Local bKash simulator — not bKash. No real money moves.</div>
<main>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

export type HostedPageModel = {
  action: string;
  paymentID: string;
  hash: string;
  step: HostedStep;
  merchantName: string;
  invoiceNumber: string;
  /** As bKash got it, e.g. "850.00". */
  amount: string;
  wallet: string | null;
  error: string | null;
};

const STEP_FIELD: Record<HostedStep, string> = {
  wallet: `<label for="wallet">Your bKash account number</label>
<input id="wallet" name="wallet" type="tel" inputmode="numeric" autocomplete="tel" placeholder="01XXXXXXXXX" pattern="01[3-9][0-9]{8}" maxlength="11" required autofocus>
<p class="hint">Simulator: any number 01XXXXXXXXX pays (e.g. ${PAYING_WALLET}); ${Object.entries(FAILING_WALLETS)
    .map(([wallet, reason]) => `${wallet} fails (${reason.toLowerCase()})`)
    .join(', ')}.</p>`,
  otp: `<label for="otp">Verification code (OTP)</label>
<input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<p class="hint">Simulator OTP: ${SIMULATOR_OTP}</p>`,
  pin: `<label for="pin">bKash PIN</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" pattern="[0-9]{4,5}" maxlength="5" required autofocus>
<p class="hint">Simulator PIN: ${SIMULATOR_PIN}</p>`,
};

const STEP_TITLE: Record<HostedStep, string> = { wallet: 'Pay with bKash', otp: 'Enter the verification code', pin: 'Enter your PIN' };

/** One step of the payment: a form that posts back here; Cancel and "Simulate a failure" skip the field's checks. */
export function hostedPage(model: HostedPageModel): string {
  const hidden = [
    ['paymentID', model.paymentID],
    ['hash', model.hash],
    ['step', model.step],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`)
    .join('\n');
  const sentTo = model.step !== 'wallet' && model.wallet ? `<p>Code sent to ${escapeHtml(model.wallet)}.</p>` : '';
  return layout(
    STEP_TITLE[model.step],
    `<h1>${STEP_TITLE[model.step]}</h1>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(model.merchantName)}</dd>
<dt>Invoice</dt><dd>${escapeHtml(model.invoiceNumber)}</dd>
<dt>Amount</dt><dd>৳${escapeHtml(model.amount)}</dd>
</dl>
${model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : ''}
${sentTo}
<form method="post" action="${escapeHtml(model.action)}">
${hidden}
${STEP_FIELD[model.step]}
<div class="actions">
<button type="submit" name="action" value="confirm" class="primary">Confirm</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
<button type="submit" name="action" value="fail" class="fail" formnovalidate>Simulate a failure</button>
</div>
</form>`,
  );
}

/** A page with nothing left to do: an unknown link, or a payment already finished. */
export function noticePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
