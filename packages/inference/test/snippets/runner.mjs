// Runs JavaScript snippets one after another in this process, as ES modules, and reports what each
// printed. Usage: node runner.mjs jobs.json results.json. A job is {file, dir, env, timeoutMs}.
import { readFile, writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [jobsPath, resultsPath] = process.argv.slice(2);

// Waits are shortened (a provider's 5 s poll interval becomes 50 ms): the snippets send the same
// requests, only sooner, so that the matrix stays within its share of CI time.
const realSetTimeout = globalThis.setTimeout;
// Only waits of a poll's or a back-off's size: a request's time-out (minutes) is left alone.
globalThis.setTimeout = (callback, ms, ...args) =>
  realSetTimeout(callback, ms >= 200 && ms <= 10_000 ? 50 : ms, ...args);
const jobs = JSON.parse(await readFile(jobsPath, "utf8"));
const results = [];
const realWrite = process.stdout.write.bind(process.stdout);

for (const job of jobs) {
  let output = "";
  process.chdir(job.dir);
  Object.assign(process.env, job.env);
  // console.log writes through process.stdout.write, so this captures both.
  process.stdout.write = (chunk, ...rest) => {
    output += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const callback = rest.find((arg) => typeof arg === "function");
    if (callback) callback();
    return true;
  };
  let error;
  let timer;
  const started = performance.now();
  try {
    await Promise.race([
      import(pathToFileURL(job.file).href),
      new Promise((_, reject) => {
        timer = realSetTimeout(() => reject(new Error(`timed out after ${job.timeoutMs} ms`)), job.timeoutMs);
      }),
    ]);
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  } finally {
    clearTimeout(timer);
    process.stdout.write = realWrite;
    for (const name of Object.keys(job.env)) delete process.env[name];
  }
  results.push({ file: job.file, ok: error === undefined, output, error, ms: performance.now() - started });
}
await writeFile(resultsPath, JSON.stringify(results));
