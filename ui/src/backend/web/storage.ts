// The browser's saved data, in IndexedDB, with the app's care against torn writes: the small
// record (settings, the game in progress, the course's and the trainer's entries) lives in two
// slots, `a` and `b`, and `head` names the one in use. A save writes the other slot, and only
// once that is committed switches `head` to it: the record in use is always a whole one, and
// the one before it stays beside it. At start-up the Rust side reads the slot in use, or the
// one before if it does not read (the player is told); a record that does not read is copied
// to `damaged` and kept, never overwritten. The finished games and the puzzle attempts are
// records of their own (`finished`, `attempts`), and so are the games' analyses (`analyses`),
// written with the save that filed them.

const DATABASE = 'ultima';
// 2: the analyses' store.
const VERSION = 2;
const STATE = 'state';
const FINISHED = 'finished';
const ATTEMPTS = 'attempts';
const ANALYSES = 'analyses';
const DAMAGED = 'damaged';
const HEAD = 'head';

type Slot = 'a' | 'b';

/** A history record the Rust side filed (`Write` in crates/ultima-wasm/src/finished.rs). */
export type HistoryWrite =
  | { store: 'finished'; key: string; value: unknown }
  | { store: 'attempt'; key: number; value: unknown }
  | { store: 'analysis'; key: string; value: unknown };

export interface Saved {
  current: string | null;
  previous: string | null;
  /** JSON arrays of `{key, value}`, as the Rust side reads them. */
  games: string;
  attempts: string;
  analyses: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DATABASE, VERSION);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    for (const name of [STATE, FINISHED, ATTEMPTS, ANALYSES]) {
      if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    }
    if (!db.objectStoreNames.contains(DAMAGED)) db.createObjectStore(DAMAGED, { autoIncrement: true });
  };
  return request(opening).then((db) => {
    // A newer build opened in another tab upgrades the database: this one lets go (its next
    // save fails and says so) instead of holding the other up.
    db.onversionchange = () => db.close();
    return db;
  });
}

const other = (slot: Slot): Slot => (slot === 'a' ? 'b' : 'a');
const text = (value: unknown): string | null => (typeof value === 'string' ? value : value === undefined ? null : JSON.stringify(value));

export class Storage {
  /** The slot the record in use is in (`null`: none yet). */
  private active: Slot | null = null;
  private head: Slot | null = null;
  /** Saves one after the other, in the order they were asked for. */
  private queue: Promise<void> = Promise.resolve();

  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<Storage> {
    const storage = new Storage(await openDatabase());
    // Asked once: the browser then keeps the data under storage pressure (where it agrees).
    void navigator.storage?.persist?.().catch(() => false);
    return storage;
  }

  async read(): Promise<Saved> {
    const transaction = this.db.transaction([STATE, FINISHED, ATTEMPTS, ANALYSES], 'readonly');
    const state = transaction.objectStore(STATE);
    const [head, a, b, gameKeys, games, attemptKeys, attempts, analysisKeys, analyses] = await Promise.all([
      request(state.get(HEAD)),
      request(state.get('a')),
      request(state.get('b')),
      request(transaction.objectStore(FINISHED).getAllKeys()),
      request(transaction.objectStore(FINISHED).getAll()),
      request(transaction.objectStore(ATTEMPTS).getAllKeys()),
      request(transaction.objectStore(ATTEMPTS).getAll()),
      request(transaction.objectStore(ANALYSES).getAllKeys()),
      request(transaction.objectStore(ANALYSES).getAll()),
    ]);
    this.head = head === 'a' || head === 'b' ? head : null;
    const slots = { a: text(a), b: text(b) };
    const pairs = (keys: IDBValidKey[], values: unknown[]) => JSON.stringify(keys.map((key, i) => ({ key, value: values[i] })));
    return {
      current: this.head ? slots[this.head] : null,
      previous: this.head ? slots[other(this.head)] : null,
      games: pairs(gameKeys, games),
      attempts: pairs(attemptKeys, attempts),
      analyses: pairs(analysisKeys, analyses),
    };
  }

  /** After the Rust side read `saved`: which record it used (`used()`); those it could not
   * read are kept in `damaged`. */
  async settle(saved: Saved, used: string): Promise<void> {
    const keep: string[] = [];
    if (used === 'current') this.active = this.head;
    if (used === 'previous' && this.head) {
      this.active = other(this.head);
      if (saved.current !== null) keep.push(saved.current);
    }
    if (used === 'neither') {
      this.active = null;
      for (const record of [saved.current, saved.previous]) if (record !== null) keep.push(record);
    }
    if (keep.length === 0) return;
    const transaction = this.db.transaction(DAMAGED, 'readwrite');
    for (const record of keep) transaction.objectStore(DAMAGED).add({ at: Date.now(), record });
    await done(transaction);
  }

  /** Writes the history's new records and the small record (into the slot not in use), then
   * switches to it. `snapshot === null`: the small record is not written (read-only). */
  save(writes: HistoryWrite[], snapshot: string | null): Promise<void> {
    const saving = this.queue.then(() => this.write(writes, snapshot));
    this.queue = saving.catch(() => {});
    return saving;
  }

  private async write(writes: HistoryWrite[], snapshot: string | null): Promise<void> {
    if (writes.length === 0 && snapshot === null) return;
    const target: Slot = this.active === null ? 'a' : other(this.active);
    const transaction = this.db.transaction([STATE, FINISHED, ATTEMPTS, ANALYSES], 'readwrite');
    const stores = { finished: FINISHED, attempt: ATTEMPTS, analysis: ANALYSES };
    for (const write of writes) {
      const store = transaction.objectStore(stores[write.store]);
      store.put(write.value, write.key);
    }
    if (snapshot !== null) transaction.objectStore(STATE).put(snapshot, target);
    await done(transaction);
    if (snapshot === null) return;
    const switching = this.db.transaction(STATE, 'readwrite');
    switching.objectStore(STATE).put(target, HEAD);
    await done(switching);
    this.active = target;
    this.head = target;
  }
}
