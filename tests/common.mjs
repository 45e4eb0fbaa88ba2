// What both end-to-end harnesses share (tests/e2e: the real app through tauri-driver; tests/web:
// the web app in Chromium): waiting until a check holds, and where a square of the board is.

/** Whether `error` is WebDriver's word that an element went from the page between its finding and
 * its use (a redraw in between): the next poll finds the page as it is now. */
function isStale(error) {
  return error?.name === 'stale element reference' || error?.code === 'ELEMENT_NOT_FOUND_AGAIN'
    || /stale element/i.test(String(error?.message ?? ''));
}

/** Polls `check` until it answers something truthy; fails after `ms` saying what it waited for. A
 * check that met an element the page had just redrawn is asked again; any other error fails. */
export async function waitFor(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    let stale = false;
    try {
      last = await check();
    } catch (error) {
      if (!isStale(error)) throw error;
      stale = true;
      last = `(${error.name ?? 'stale element'})`;
    }
    if (last && !stale) return last;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

/** The centre of `square` ("e2") on the board whose rectangle is `box` ({ x, y, width, height },
 * and `black` when the board is turned to Black). */
export function squareCentre(box, square) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const column = box.black ? 7 - file : file;
  const row = box.black ? rank : 7 - rank;
  return { x: box.x + ((column + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
}
