// The audit log as a table: when, who, what (newest first, as the server sorted it).

export type AuditRow = { id: string; createdAt: string; actorEmail: string; action: string; entity: string; entityId: string; summary: string };

const ACTION_LABELS: Record<string, string> = {
  create: 'Added',
  update: 'Updated',
  delete: 'Deleted',
  'make-admin': 'Made admin',
  'upload-file': 'Uploaded file',
  hide: 'Hid',
  show: 'Showed again',
  reply: 'Replied to',
  'delete-reply': 'Deleted reply to',
  refund: 'Refunded',
  'refuse-refund': 'Refused refund of',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function actionOf(row: AuditRow): string {
  return ACTION_LABELS[row.action] ?? row.action;
}

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  if (rows.length === 0) return <p className="rounded-lg bg-white p-6 text-slate-700">No admin changes have been recorded yet.</p>;
  return (
    <>
      {/* Phones: one card per change; a four-column table would squeeze the e-mails to a letter a line. */}
      <ol className="space-y-3 md:hidden" aria-label="Admin changes, newest first">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {actionOf(row)} <span className="font-normal text-slate-600">({row.entity})</span>
            </p>
            <p className="mt-1 text-slate-800">{row.summary}</p>
            <p className="mt-2 break-all text-slate-700">{row.actorEmail}</p>
            <p className="text-slate-600">
              <time dateTime={row.createdAt}>{when.format(new Date(row.createdAt))}</time> UTC
            </p>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Admin changes, newest first</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">When (UTC)</th>
              <th scope="col" className="px-4 py-3">Who</th>
              <th scope="col" className="px-4 py-3">Action</th>
              <th scope="col" className="px-4 py-3">What</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 align-top">
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                  <time dateTime={row.createdAt}>{when.format(new Date(row.createdAt))}</time>
                </td>
                <td className="px-4 py-3">{row.actorEmail}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  {actionOf(row)} <span className="text-slate-600">({row.entity})</span>
                </td>
                <td className="min-w-64 px-4 py-3">
                  {row.summary}
                  <span className="block font-mono text-xs text-slate-600">{row.entityId}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
