// The journey and flow forms on a 390×844 phone, in English and Arabic: fields stack, every
// segmented choice fits, no select's chosen value is cut ("Visitor" read as "isitor") and the page
// never scrolls sideways. The same forms are measured on the desktop, where fields sit side by side.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage, screenshot } from './support/browser';
import { screens } from './support/screens';
import { useServerAndBrowser } from './support/lifecycle';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** What in the page's form is wider than the screen, reaches past either edge, or cuts its own
 * text: an input whose value is longer than the part of it its icons leave free, or a clipping box
 * (a segmented control, a segment's ellipsised label) whose content is wider than itself. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (el: Element) =>
      el.getAttribute('data-testid') ??
      el.getAttribute('aria-label') ??
      (el instanceof HTMLInputElement && el.value ? `input "${el.value}"` : null) ??
      `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll('form *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width > width) found.push(`${name(el)} is ${Math.round(box.width)} px wide`);
      else if (box.left < -1 || box.right > width + 1)
        found.push(`${name(el)} reaches ${Math.round(box.left)}..${Math.round(box.right)}`);
      // A box with words in it (a switch's track clips its thumb, which is no text).
      const clips =
        el instanceof HTMLInputElement
          ? el.type !== 'radio' && el.type !== 'checkbox'
          : !!el.textContent?.trim() && getComputedStyle(el).overflowX !== 'visible';
      if (clips && !(el instanceof HTMLTextAreaElement) && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} cuts its text: ${el.scrollWidth} px in ${el.clientWidth} px`);
      if (el instanceof HTMLInputElement && el.value && el.type !== 'radio' && el.type !== 'checkbox') {
        const shown = shownWidth(el);
        const text = textWidth(el);
        if (text > shown + 1) found.push(`${name(el)} shows ${Math.round(shown)} px of its ${Math.round(text)} px`);
      }
    }
    return found;

    /** The width of an input's value as drawn in the input's font. */
    function textWidth(input: HTMLInputElement): number {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = getComputedStyle(input).font;
      return context.measureText(input.value).width;
    }
    /** The part of an input's content box no section (a select's clear button and chevron) covers;
     * a section's icons can spill past the section's own box, so each of its parts counts. */
    function shownWidth(input: HTMLInputElement): number {
      const box = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      let start = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      let end = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      for (const section of input.parentElement?.querySelectorAll('.mantine-Input-section') ?? []) {
        for (const part of [section, ...section.querySelectorAll('*')]) {
          const r = part.getBoundingClientRect();
          if (r.width === 0 || r.right <= start || r.left >= end) continue;
          if (r.left <= start) start = r.right;
          else end = Math.min(end, r.left);
        }
      }
      return end - start;
    }
  });
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

const WORDS = {
  en: { test: 'Test', rapid: 'Rapid test', nameMatch: 'Name match', inputMethod: 'Input method' },
  ar: { test: 'الاختبار', rapid: 'اختبار سريع', nameMatch: 'مطابقة الاسم', inputMethod: 'طريقة الإدخال' },
};

const CASES = (['phone', 'desktop'] as const).flatMap((viewport) =>
  (['en', 'ar'] as const).map((lang) => ({ viewport, lang })),
);

/** Both languages on a phone in `npm test`; the desktop in English, and in Arabic as a sweep. */
const inTests = ({ viewport, lang }: (typeof CASES)[number]) => viewport === 'phone' || lang === 'en';

describe('the journey and flow forms fit a phone', () => {
  const fits = async ({ viewport, lang }: (typeof CASES)[number]) => {
    const page = await loggedInPage(browser, server.url, viewport, lang);
    await page.goto('/add-flow');
    await page.getByTestId('flow-name-en').waitFor();
    await pick(page, 'flow-user-type', 'Visitor');
    await expect(page.getByTestId('flow-user-type').inputValue()).resolves.toBe('Visitor');
    // The longest segment, and the fields a switch opens.
    await page.getByRole('radiogroup', { name: WORDS[lang].test, exact: true }).getByText(WORDS[lang].rapid).click();
    await page.getByTestId('flow-temperature_check').check();
    await page.getByTestId('flow-host').check();
    const flow = await misfits(page);
    await page.getByTestId('flow-user-type').scrollIntoViewIfNeeded();
    await screenshot(page, `journey-flow-form-${viewport}-${lang}`);
    await page.getByRole('radiogroup', { name: WORDS[lang].test, exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, `journey-flow-form-checks-${viewport}-${lang}`);

    await page.goto('/add-journey');
    await page.getByTestId('journey-name-en').waitFor();
    await page.getByRole('radiogroup', { name: WORDS[lang].nameMatch, exact: true }).scrollIntoViewIfNeeded();
    const journey = await misfits(page);
    await screenshot(page, `journey-form-${viewport}-${lang}`);

    expect({ flow, journey }).toEqual({ flow: [], journey: [] });
    if (viewport === 'phone') {
      // Stacked on a phone: the user type sits above the input method, not beside it.
      await page.goto('/add-flow');
      const userType = (await page.getByTestId('flow-user-type').boundingBox())!;
      const method = (await page
        .locator('input')
        .and(page.getByLabel(WORDS[lang].inputMethod, { exact: true }))
        .boundingBox())!;
      expect(method.y).toBeGreaterThan(userType.y + userType.height);
    }
    await page.context().close();
  };
  it.each(CASES.filter(inTests))('the flow form and the journey form fit $viewport in $lang', fits, 120_000);
  screens.each(CASES.filter((c) => !inTests(c)))(
    'the flow form and the journey form fit $viewport in $lang',
    fits,
    120_000,
  );
});
