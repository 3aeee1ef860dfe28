// Layout measurements and platform stubs for the accessible-kiosk e2e: target sizes
// and spacing read from the rendered layout, and a speech synthesis that records what it is
// asked to say (the platform stubbed, not the app).
import type { BrowserContext, Page } from 'playwright-core';

export interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}

/** Replaces the device's speech synthesis with one that has `voices` and records each utterance. */
export async function stubSpeech(context: BrowserContext, voices: Array<{ name: string; lang: string }>) {
  await context.addInitScript((list) => {
    const w = window as unknown as Record<string, unknown>;
    const spoken: unknown[] = [];
    w.__spoken = spoken;
    const voiceList = list.map((v) => ({ ...v, default: false, localService: true, voiceURI: v.name }));
    class Utterance {
      text: string;
      lang = '';
      voice: { name: string } | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    w.SpeechSynthesisUtterance = Utterance;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => voiceList,
        speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null }),
        cancel: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
  }, voices);
}

export const spoken = (page: Page): Promise<Spoken[]> =>
  page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.slice());

export const clearSpoken = (page: Page): Promise<void> =>
  page.evaluate(() => void ((window as unknown as { __spoken: unknown[] }).__spoken.length = 0));

export interface TargetProblem {
  target: string;
  problem: string;
}

/**
 * Every control a finger can reach now (hit-tested at its centre, so controls scrolled out of
 * view or behind a sheet are left out): in the Tab order, at least 48 × 48 CSS px, at least 8 px
 * from any other, and, in the reach layout, in the lower half of the screen.
 */
export function measureTargets(page: Page, reach: boolean): Promise<TargetProblem[]> {
  return page.evaluate((reach) => {
    const selector =
      'button, a[href], select, textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), label.gk-check, [role="button"], [role="option"]';
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? ''}] "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const reachable = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('label.gk-check') && el.tagName !== 'LABEL') return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el === hit || el.contains(hit));
    });
    const problems: Array<{ target: string; problem: string }> = [];
    // Spacing and reach count what a finger can touch: a control half scrolled out of the step's
    // area, or under its pinned actions, is clipped to the part on show.
    const main = document.querySelector('.gh-kiosk-main')?.getBoundingClientRect();
    const actionsTop = document.querySelector('.gh-kiosk-main .gh-kiosk-actions')?.getBoundingClientRect().top;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (!main || !el.closest('.gh-kiosk-main')) return r;
      const bottom = Math.min(
        r.bottom,
        main.bottom,
        el.closest('.gh-kiosk-actions') ? Infinity : (actionsTop ?? Infinity),
      );
      const top = Math.max(r.top, main.top);
      return new DOMRect(r.left, top, r.width, Math.max(0, bottom - top));
    };
    const sizes = reachable.map((el) => el.getBoundingClientRect());
    const rects = reachable.map(visible);
    reachable.forEach((el, i) => {
      const size = sizes[i]!;
      const r = rects[i]!;
      // Keyboard or switch alone: every control is in the Tab order (a check through its input).
      const focusable = el.matches('label.gk-check') ? el.querySelector('input') : el;
      if (!focusable || (focusable.tabIndex < 0 && !(focusable as HTMLButtonElement).disabled))
        problems.push({ target: describe(el), problem: 'not reachable with Tab' });
      if (size.width < 47.5 || size.height < 47.5)
        problems.push({ target: describe(el), problem: `${size.width.toFixed(0)}×${size.height.toFixed(0)} px` });
      if (reach && r.top < innerHeight / 2 - 1)
        problems.push({ target: describe(el), problem: `top ${r.top.toFixed(0)} above half ${innerHeight / 2}` });
      for (let j = i + 1; j < reachable.length; j++) {
        const other = reachable[j]!;
        if (el.contains(other) || other.contains(el)) continue;
        const o = rects[j]!;
        const dx = Math.max(0, o.left - r.right, r.left - o.right);
        const dy = Math.max(0, o.top - r.bottom, r.top - o.bottom);
        if (Math.hypot(dx, dy) < 7.5)
          problems.push({
            target: `${describe(el)} / ${describe(other)}`,
            problem: `${Math.hypot(dx, dy).toFixed(1)} px apart`,
          });
      }
    });
    return problems;
  }, reach);
}
