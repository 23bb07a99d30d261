import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { startTestApp, type TestApp, type TestAppOptions } from "./app";

export const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Browser tests need a Chromium binary; global-setup prints how to install it when missing. */
export const hasChromium = fs.existsSync(chromePath);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** Fails on any serious or critical axe violation, naming the rule and the elements. */
export async function expectAccessible(page: Page) {
  // Fading toasts and menus are measured mid-transition otherwise (false contrast failures). An endless
  // animation (a pulse) never finishes, nor does one on an element the browser skips rendering
  // (off screen under content-visibility: auto, as the home page's rows): those are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return a.effect?.getComputedTiming().iterations !== Infinity && (target?.checkVisibility({ contentVisibilityAuto: true }) ?? true);
        })
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** One real server and one Chromium for a test file; each test opens its own browser context. */
export function useBrowserApp(env?: Record<string, string>, options: TestAppOptions = {}) {
  const handles = {} as { app: TestApp; browser: Browser };
  beforeAll(async () => {
    [handles.app, handles.browser] = await Promise.all([startTestApp(env, options), launchBrowser()]);
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.app?.close();
  });
  return handles;
}
