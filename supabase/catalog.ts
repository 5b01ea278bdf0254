/**
 * What `npm run db:types` and `npm run db:snapshot` share: committed files generated from the schema the migrations
 * build, read from the catalog of a throwaway database (migrations only, no seed). The commands write the files;
 * tests/schema-snapshot.test.ts generates them the same way and compares.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Pool } from 'pg';
import { startTestDb } from './tests/harness';

/** A committed file generated from the catalog, and the command that regenerates it. */
export interface GeneratedFile {
  path: string;
  text: string;
  command: string;
}

export type Generator = (pool: Pool) => Promise<GeneratedFile[]>;

/** Runs every generator against one throwaway database. */
export async function generateFromMigrations(generators: Generator[]): Promise<GeneratedFile[]> {
  const db = await startTestDb({ seed: false });
  try {
    const files: GeneratedFile[] = [];
    for (const generate of generators) files.push(...(await generate(db.pool)));
    return files;
  } finally {
    await db.stop();
  }
}

/** A generator command's whole run: generate, write, and exit non-zero on failure. */
export function writeGeneratedFiles(generators: Generator[]): void {
  generateFromMigrations(generators)
    .then((files) => {
      for (const file of files) {
        mkdirSync(dirname(file.path), { recursive: true });
        writeFileSync(file.path, file.text);
        console.log(`wrote ${relative(process.cwd(), file.path)}`);
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
