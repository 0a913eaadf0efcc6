// How My Collection lets a buyer at a paid item (spec §2): the server decides, the table renders.
export type ItemAccess =
  | {
      kind: 'course';
      /** The course from its first lesson, and where the learner left off. */
      openHref: string;
      continueHref: string;
      percent: number;
      started: boolean;
      /** The certificate of completion, once every lesson is complete (absent until then). */
      certificateHref?: string;
    }
  | { kind: 'pdf'; url: string }
  | { kind: 'audio'; url: string }
  | { kind: 'no-file' }
  | { kind: 'removed' };
