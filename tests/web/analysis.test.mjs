// End-to-end: a finished game analysed in the web app (the analysis in its own Web Worker, the
// app's node limit): from the game-over panel, the progress, then the analysis, kept with the
// game so that a reload shows it at once. Offline, as everything else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { byTestId, movesExactly, playSomeMove, press, servedApp, startFriendGame, whenInstalled } from './harness.mjs';

describe('the web app\'s game analysis', () => {
  const web = servedApp();

  it('analyses a finished game offline and keeps the analysis', async () => {
    const view = await web.open('desktop');
    const { page, context } = view;
    await whenInstalled(page);
    await context.setOffline(true);
    await page.reload();
    await startFriendGame(view);
    for (let ply = 1; ply <= 2; ply += 1) {
      await playSomeMove(view);
      await movesExactly(page, ply, `move ${ply}`);
    }
    await press(view, 'resign');
    await press(view, 'confirm-resign');
    await press(view, 'game-over-analyse');
    const screen = byTestId(page, 'analysis-screen');
    await screen.waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="analysis-screen"][data-phase="done"]').waitFor({ timeout: 60_000 });
    await byTestId(page, 'analysis-chart').waitFor();
    assert.match(await byTestId(page, 'analysis-done').innerText(), /100,000/);

    // Kept: after a reload the finished game opens analysed at once (no new run).
    await page.reload();
    await press(view, 'finished-game');
    await press(view, 'analyse');
    await page.locator('[data-testid="analysis-screen"][data-phase="done"]').waitFor({ timeout: 5_000 });
    assert.deepEqual(view.errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e)), []);
    await context.close();
  });
});
