import { describe, expect, it } from 'vitest';
import { stageShown } from './visit-stage';

describe('the stage a visit shows', () => {
  it('says where a person who went in is, not "ready to sign in"', () => {
    expect(stageShown('ready to sign in', 'signed_in')).toEqual({
      key: 'logbook.statuses.signed_in',
      fallback: 'signed in',
    });
    expect(stageShown('approved by admin', 'auto_signed_out')?.key).toBe('logbook.statuses.auto_signed_out');
    expect(stageShown('ready to sign in', 'signed_out')?.key).toBe('logbook.statuses.signed_out');
  });
  it('keeps the words of a stage that held the person back, and of a visit not signed in', () => {
    expect(stageShown('waiting for admin approval', 'signed_in')?.key).toBe('kiosk.stage.waiting for admin approval');
    expect(stageShown('ready to sign in', null)?.key).toBe('kiosk.stage.ready to sign in');
    expect(stageShown(null, 'signed_in')).toBeNull();
  });
});
