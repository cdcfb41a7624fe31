/**
 * The Chromium to drive: CHROMIUM_PATH or CHROME_PATH, else `chromium-headless-shell`, else
 * `chromium` from PATH; undefined when none is found (Playwright then uses its own browser).
 */
export declare function findChromium(): string | undefined;
