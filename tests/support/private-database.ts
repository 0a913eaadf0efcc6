// Points one test file at its own database on the run's FerretDB. Suites run in parallel and some
// wipe whole collections (users), so a file that keeps accounts across steps uses its own database.
// Call it at the top of the file: the client reads MONGODB_URI only when it first connects.
export function selectPrivateDatabase(name: string): void {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (the jest global setup starts FerretDB)');
  process.env.MONGODB_URI = uri.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
}
