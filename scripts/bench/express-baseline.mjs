// The backend the app replaced, as a baseline for the instances phase (scripts/bench/instances.sh
// starts it, scripts/bench/wrk.ts measures it): an Express server whose `GET /course/:id` answers
// the stored course document, written the way such MERN backends were — one MongoClient, no cache,
// no compression, Express's defaults (ETag, X-Powered-By) left as they were.
//
//   BENCH_MONGODB_URI=mongodb://127.0.0.1:27040/db node scripts/bench/express-baseline.mjs [PORT]
//
// PORT: the argument, else $PORT, else 3415. Listens on 127.0.0.1 only, once the database answers.
import express from 'express';
import { MongoClient, ObjectId } from 'mongodb';

const uri = process.env.BENCH_MONGODB_URI;
if (!uri) {
  console.error('BENCH_MONGODB_URI is not set (the database to read, with its name in the path)');
  process.exit(2);
}
const port = Number(process.argv[2] ?? process.env.PORT ?? 3415);
if (!Number.isInteger(port) || port <= 0) {
  console.error(`Not a port: ${process.argv[2] ?? process.env.PORT}`);
  process.exit(2);
}

const client = new MongoClient(uri);
const app = express();
app.use(express.json());

async function run() {
  await client.connect();
  // The database named in the URI, as the old server's settings named it.
  const courses = client.db().collection('courses');

  app.get('/course/:id', async (req, res, next) => {
    try {
      const query = { _id: new ObjectId(req.params.id) };
      const course = await courses.findOne(query);
      res.send(course);
    } catch (error) {
      // Express 4 does not catch a rejected handler: without this a malformed id would end the process.
      next(error);
    }
  });

  app.listen(port, '127.0.0.1', () => {
    console.log(`Express baseline listening on 127.0.0.1:${port}`);
  });
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
