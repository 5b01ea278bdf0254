/**
 * One measurement, in its own process so the load generator never shares an event loop with the gateway:
 * `node --import tsx bench/api/load.ts '<LoadJob JSON>'` prints a LoadResult as JSON on stdout.
 */
import autocannon from 'autocannon';
import { requestBuilder, type ScenarioContext, type ScenarioName } from './scenarios';

export interface LoadJob {
  scenario: ScenarioName;
  /** PostgREST root: `<gateway>/rest/v1` or PostgREST's own URL. */
  baseUrl: string;
  apiKey: string;
  connections: number;
  durationSeconds: number;
  /** Number of the first request; booking continues where the previous run stopped so every booking is new. */
  firstRequest: number;
  /**
   * Step between request numbers (default 1). Generators running at once take turns (firstRequest 0 and 1, stride 2)
   * so that no two book the same slot.
   */
  stride?: number;
  context: ScenarioContext;
}

export interface LoadResult {
  seconds: number;
  /** Response times in ms, one per answered request. */
  latenciesMs: number[];
  /** Transport errors and timeouts plus non-2xx answers. */
  errors: number;
  /** A few distinct error statuses and bodies, to say what went wrong. */
  errorSamples: string[];
  /** How many requests were built (numbers used: this many, `stride` apart). */
  requestsBuilt: number;
}

function main(): void {
  const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
  const build = requestBuilder(job.scenario, job.context);
  const basePath = new URL(job.baseUrl).pathname.replace(/\/$/, '');
  const stride = job.stride ?? 1;
  let built = 0;
  const latenciesMs: number[] = [];
  const errorSamples = new Set<string>();

  const instance = autocannon(
    {
      url: job.baseUrl,
      connections: job.connections,
      duration: job.durationSeconds,
      timeout: 10,
      requests: [
        {
          setupRequest: () => {
            const request = build(job.firstRequest + stride * built++);
            return {
              method: request.method,
              path: basePath + request.path,
              headers: { apikey: job.apiKey, ...request.headers },
              ...(request.body === undefined ? {} : { body: request.body }),
            };
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      const output: LoadResult = {
        seconds: result.duration,
        latenciesMs,
        errors: result.errors + result.timeouts + result.non2xx,
        errorSamples: [...errorSamples].slice(0, 5),
        requestsBuilt: built,
      };
      process.stdout.write(JSON.stringify(output));
    },
  );
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    latenciesMs.push(Math.round(responseTimeMs * 100) / 100);
    if (statusCode >= 300 && errorSamples.size < 5) errorSamples.add(`HTTP ${statusCode}`);
  });
}

main();
