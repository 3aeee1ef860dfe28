// A model of the server's sync semantics for property tests of the client engine: dedupe by
// mutation id, per-device last seq, append-only events, a change feed, lost responses.
// The real server is tested against real databases in server/; this model only lets the
// engine's tests run millions of interleavings quickly.
import * as v from 'valibot';
import type { PresenceEvent } from '../../domain/presence';
import type { Transport, TransportResult } from '../engine';
import { isMutationName, mutations } from '../catalogue';
import {
  decodeCursor,
  encodeCursor,
  type Change,
  type MutationResult,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '../protocol';

export class ModelServer {
  readonly events = new Map<string, PresenceEvent>();
  private readonly log = new Map<string, MutationResult & { deviceId: string; name: string; args: unknown }>();
  private readonly lastSeq = new Map<string, number>();
  private readonly changes: Change[] = [];
  applied = 0;

  constructor(private readonly now: () => number) {}

  push(body: PushRequest): PushResponse {
    const results: MutationResult[] = [];
    for (const m of body.mutations) {
      const seen = this.log.get(m.mutationId);
      if (seen) {
        results.push({
          seq: m.seq,
          mutationId: m.mutationId,
          status: seen.status === 'rejected' ? 'rejected' : 'duplicate',
          code: seen.code,
          message: seen.message,
        });
        continue;
      }
      let result: MutationResult;
      const parsed = isMutationName(m.name) ? v.safeParse(mutations[m.name].args, m.args) : null;
      if (!parsed || !parsed.success) {
        result = {
          seq: m.seq,
          mutationId: m.mutationId,
          status: 'rejected',
          code: 'validation_failed',
          message: 'invalid',
        };
      } else {
        const a = parsed.output as { eventId: string; personId: string; areaId?: string; at: number };
        if (m.name === 'visit.signIn' || m.name === 'visit.signOut') {
          const event: PresenceEvent = {
            id: a.eventId,
            personId: a.personId,
            kind: m.name === 'visit.signIn' ? 'in' : 'out',
            areaId: a.areaId ?? '',
            at: a.at + m.clockOffsetMs,
          };
          if (!this.events.has(event.id)) {
            this.events.set(event.id, event);
            this.changes.push({ table: 'visitEvents', id: event.id, op: 'put', version: 1, data: { ...event } });
          }
        }
        this.applied++;
        result = { seq: m.seq, mutationId: m.mutationId, status: 'applied' };
      }
      this.log.set(m.mutationId, { ...result, deviceId: body.deviceId, name: m.name, args: m.args });
      this.lastSeq.set(body.deviceId, Math.max(this.lastSeq.get(body.deviceId) ?? 0, m.seq));
      results.push(result);
    }
    return { results, lastSeq: this.lastSeq.get(body.deviceId) ?? 0, serverTime: this.now() };
  }

  pull(q: { deviceId: string; cursor?: string; limit: number }): PullResponse {
    const from = decodeCursor(q.cursor);
    const reset = from === null || from > this.changes.length;
    const start = reset ? 0 : from;
    const page = this.changes.slice(start, start + q.limit);
    const rejections = [...this.log.values()]
      .filter((r) => r.deviceId === q.deviceId && r.status === 'rejected')
      .map((r) => ({
        seq: r.seq,
        mutationId: r.mutationId,
        name: r.name,
        args: r.args,
        code: r.code ?? '',
        message: r.message ?? '',
      }));
    return {
      changes: page,
      cursor: encodeCursor(start + page.length),
      hasMore: start + page.length < this.changes.length,
      lastSeq: this.lastSeq.get(q.deviceId) ?? 0,
      rejections,
      serverTime: this.now(),
      ...(reset ? { reset: true } : {}),
    };
  }

  /** A transport to this server; `fault()` decides per call whether the network fails before or after the server acts. */
  transport(fault: () => 'none' | 'before' | 'after' = () => 'none'): Transport {
    const call = async <T>(act: () => T): Promise<TransportResult<T>> => {
      const f = fault();
      if (f === 'before') return { ok: false, kind: 'transient', message: 'network down' };
      const body = act();
      if (f === 'after') return { ok: false, kind: 'transient', message: 'response lost' };
      return { ok: true, body: JSON.parse(JSON.stringify(body)) as T };
    };
    return { push: (body) => call(() => this.push(body)), pull: (q) => call(() => this.pull(q)) };
  }
}
