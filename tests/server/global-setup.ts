/**
 * One throwaway PostgreSQL cluster for the whole server test run (a temporary
 * directory, a free loopback port), stopped and removed afterwards. Each test
 * file then creates its own databases in it (tests/server/databases.ts).
 * PostgreSQL missing is an error, never a silent skip: CI installs it (.ci/run).
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../test-support/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startThrowawayPostgres({
    // Several server processes with a pool each, plus the tests' own connections.
    max_connections: 200,
  });
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
