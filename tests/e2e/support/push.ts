// Seeds visits as one device records them: pushed in the order they happened (a device's events
// are monotone on the server), numbered from 1, each with an id of its own.
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';

export interface SeedMutation {
  name: string;
  args: { at: number } & Record<string, unknown>;
}

export async function pushAsOneDevice(
  baseUrl: string,
  headers: Record<string, string>,
  mutations: readonly SeedMutation[],
  { deviceId = uuidv7(), clientTime = Date.now() }: { deviceId?: string; clientTime?: number } = {},
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/sync/push`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      deviceId,
      mutations: [...mutations]
        .sort((a, b) => a.args.at - b.args.at)
        .map((m, i) => ({ seq: i + 1, mutationId: uuidv7(), clientTime, clockOffsetMs: 0, ...m })),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
