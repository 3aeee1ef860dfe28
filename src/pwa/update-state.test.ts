import { describe, expect, it, vi } from 'vitest';
import { applyUpdateWhen } from './update-state';

describe('applyUpdateWhen', () => {
  it('applies a ready update only when the kiosk says it may', async () => {
    const apply = vi.fn(async () => undefined);
    expect(await applyUpdateWhen({ ready: true, apply }, () => false)).toBe(false);
    expect(apply).not.toHaveBeenCalled();
    expect(await applyUpdateWhen({ ready: true, apply }, async () => true)).toBe(true);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('does nothing when no update is waiting', async () => {
    const apply = vi.fn(async () => undefined);
    expect(await applyUpdateWhen({ ready: false, apply }, () => true)).toBe(false);
    expect(apply).not.toHaveBeenCalled();
  });
});
