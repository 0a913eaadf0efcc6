import 'server-only';

/** `Values` with its possibly-undefined fields made optional: what definedFields leaves. */
export type DefinedFields<Values> = { [Key in keyof Values as undefined extends Values[Key] ? never : Key]: Values[Key] } & {
  [Key in keyof Values as undefined extends Values[Key] ? Key : never]?: Exclude<Values[Key], undefined>;
};

/**
 * The fields that were given. Validated input leaves blank optional fields as `undefined`, which
 * the driver would store as null; documents and `$set`s must only hold what the admin sent.
 */
export function definedFields<Values extends Record<string, unknown>>(values: Values): DefinedFields<Values> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as DefinedFields<Values>;
}
