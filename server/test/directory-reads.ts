// Reading a directory client to the end, and the DirectoryError a refused read ends in: the
// directory client tests (server/integrations/directories/*.test.ts) ask every provider the same way.
import { expect } from 'vitest';
import {
  DirectoryError,
  type DirectoryClient,
  type DirectoryPerson,
} from '../integrations/directories/directory-client';

/** Every page of the directory's people, and how many pages that took. */
export async function readAll(c: DirectoryClient): Promise<{ people: DirectoryPerson[]; pages: number }> {
  const people: DirectoryPerson[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const page = await c.listPeople(token);
    people.push(...page.items);
    token = page.next;
    pages++;
  } while (token);
  return { people, pages };
}

/** The DirectoryError the call fails with (the test fails if it succeeds or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<DirectoryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DirectoryError);
  return error as DirectoryError;
}
