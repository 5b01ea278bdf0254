import { buildApps } from '../../build/build-apps';

/** The suite tests the production builds: build whichever of the five apps is missing or stale. */
export default async function globalSetup(): Promise<void> {
  await buildApps({ onlyStale: true, log: (message: string) => process.stdout.write(`${message}\n`) });
}
