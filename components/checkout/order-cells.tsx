import type { ReactNode } from 'react';

// Cells shared by My Order and My Collection (spec §2: Serial, Course Name, Pay, Cancel).

/** `lastColumn`: My Order's Cancel, or what My Collection shows there instead (the way in to a paid item). */
export function OrdersTableFrame({ caption, lastColumn = 'Cancel', children }: { caption: string; lastColumn?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-4">Serial</th>
            <th scope="col" className="px-2 py-3 sm:px-4">Course Name</th>
            <th scope="col" className="px-2 py-3 sm:px-4">Pay</th>
            <th scope="col" className="px-2 py-3 sm:px-4">{lastColumn}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-2 py-3 align-top sm:px-4';

/** The Pay column once paid (spec §4: PAID, disabled). */
export function PaidButton({ itemName }: { itemName: string }) {
  return (
    <button type="button" className="btn bg-green-700 px-2 py-1 text-white sm:px-3" disabled>
      PAID<span className="sr-only"> for {itemName}</span>
    </button>
  );
}

/** The Cancel column once paid: still shown, never usable. */
export function DisabledCancelButton({ itemName }: { itemName: string }) {
  return (
    <button type="button" className="btn border border-slate-300 px-2 py-1 text-slate-600 sm:px-3" disabled title="A paid order cannot be cancelled">
      Cancel<span className="sr-only"> the order for {itemName}</span>
    </button>
  );
}
