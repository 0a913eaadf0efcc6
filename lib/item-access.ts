// How My Collection lets a buyer at a paid item (spec §2): the server decides, the table renders.
export type ItemAccess =
  | { kind: 'course'; href: string }
  | { kind: 'pdf'; url: string }
  | { kind: 'audio'; url: string }
  | { kind: 'no-file' }
  | { kind: 'removed' };
