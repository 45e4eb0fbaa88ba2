// End-to-end: the web app's saved data in IndexedDB, damaged as a crash mid-save or a broken
// browser store could leave it. The record in use torn: the app opens on the record saved
// before it and says so; both torn: it starts afresh, says so, and keeps both (never a silent
// reset, never overwritten).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { byTestId, moveList, movesAtLeast, movesExactly, playSomeMove, servedApp, startFriendGame } from './harness.mjs';

/** The records of the `state` and `damaged` object stores. */
const readStores = (page) =>
  page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ultima');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (name) =>
      new Promise((resolve) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
      });
    const keys = await new Promise((resolve) => {
      const request = db.transaction('state').objectStore('state').getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    const values = await all('state');
    const damaged = await all('damaged');
    db.close();
    return { state: Object.fromEntries(keys.map((key, i) => [key, values[i]])), damaged };
  });

/** Overwrites records of the `state` object store (the page must not be saving meanwhile). */
const writeState = (page, records) =>
  page.evaluate(async (records) => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ultima');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('state', 'readwrite');
    for (const [key, value] of Object.entries(records)) tx.objectStore('state').put(value, key);
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, records);

describe('the web app\'s saved data', () => {
  const web = servedApp();

  it('comes back from the record before a torn one, says so, and starts afresh only when both are torn', async () => {
    const view = await web.open('desktop');
    const { page } = view;
    await startFriendGame(view);
    await playSomeMove(view);
    await movesExactly(page, 1, 'the first move');
    await playSomeMove(view);
    const two = await movesExactly(page, 2, 'the second move');

    // Each save went to the other slot: the one in use holds both moves, the other one.
    const saved = await readStores(page);
    const head = saved.state.head;
    const other = head === 'a' ? 'b' : 'a';
    assert.ok(head === 'a' || head === 'b', `head names a slot: ${JSON.stringify(saved.state.head)}`);
    const inUse = saved.state[head];
    const before = saved.state[other];
    assert.notEqual(inUse, before);

    // The record in use torn in half: the one before it is used, and the player told.
    await writeState(page, { [head]: inUse.slice(0, inUse.length / 2) });
    await page.reload();
    await byTestId(page, 'notice').first().waitFor({ timeout: 20_000 });
    assert.match(await byTestId(page, 'notice').first().innerText(), /damaged/i);
    const restored = await movesAtLeast(page, 1, 'the game of the record before');
    assert.deepEqual(restored, two.slice(0, 1));
    const kept = await readStores(page);
    assert.equal(kept.damaged.length, 1, 'the torn record is kept');
    assert.equal(kept.damaged[0].record, inUse.slice(0, inUse.length / 2));

    // Both torn: a fresh start, said, both kept.
    await writeState(page, { a: '{"version": 2, "curr', b: '[1, 2' });
    await page.reload();
    await byTestId(page, 'notice').first().waitFor({ timeout: 20_000 });
    assert.match(await byTestId(page, 'notice').first().innerText(), /afresh|fresh|could not be read/i);
    const afterBoth = await readStores(page);
    assert.equal(afterBoth.damaged.length, 3);
    assert.deepEqual(view.errors, []);
    await view.context.close();
  });
  // On a phone too: the error line above the board moves it down (118 pixels at 390 wide), and the
  // next move's taps must land on the board where it is now, not where it was.
  for (const profile of ['desktop', 'phone']) it(`undoes a move that could not be saved, says so, and saves the next one (${profile})`, async () => {
    const view = await web.open(profile);
    const { page } = view;
    await startFriendGame(view);
    await playSomeMove(view);
    const one = await movesExactly(page, 1, 'the first move');

    // The browser's storage refuses every write (as a full disk would).
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      window.__ultimaPut = put;
      IDBObjectStore.prototype.put = function refuse() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await playSomeMove(view);
    await byTestId(page, 'error').waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await byTestId(page, 'error').innerText(), /could not be saved, so it was undone/);
    await movesExactly(page, 1, 'the move undone');
    assert.deepEqual(await moveList(page), one);

    // Storage works again: the next move is played and saved (a reload finds it).
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = window.__ultimaPut;
    });
    await playSomeMove(view);
    const two = await movesExactly(page, 2, 'the move played');
    await page.reload();
    const reloaded = await movesAtLeast(page, 1, 'the game after the reload');
    assert.deepEqual(reloaded, two);
    // The one error the page reports is the refused write, in the console.
    assert.deepEqual(view.errors.map((error) => error.replace(/ QuotaExceededError.*/, '')), ['ultima: saving in IndexedDB failed']);
    await view.context.close();
  });
});
