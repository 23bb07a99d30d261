import { options } from "preact";

/**
 * Preact runs effects after the next frame is painted (up to 35 ms later); React runs them as soon
 * as the change that a click or key press caused is committed. Radix's menus and dialogs move the
 * focus and register their dismiss listeners in effects: a press that comes inside that window
 * (Escape, then a click on the menu's button at once) found the previous menu's focus return still
 * pending, which closed the new menu as it opened. Effects are flushed right after each commit, as
 * React does, before the browser takes the next event.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
