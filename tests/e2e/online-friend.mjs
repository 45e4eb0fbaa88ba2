// A friend played by the test over the server's real protocol (crates/ultima-server/PROTOCOL.md):
// a websocket client on Node's own `net` (RFC 6455: the handshake, masked text frames out,
// unmasked frames in), so that an e2e test can answer the app's player exactly when it wants,
// or leave on its own move.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** Connects to the server on loopback `port`; resolves once the server has said `hello`. */
export async function connectFriend(port) {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise((connected, failed) => {
    socket.once('connect', connected);
    socket.once('error', failed);
  });
  const key = randomBytes(16).toString('base64');
  socket.write(
    'GET / HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const friend = new Friend(socket);
  const hello = await friend.next((message) => message.type === 'hello', 'the hello');
  assert.equal(hello.protocol, 1);
  return friend;
}

class Friend {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.upgraded = false;
    this.messages = [];
    this.waiting = null;
    this.closed = false;
    socket.on('data', (data) => this.take(data));
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => {});
  }

  take(data) {
    this.buffer = Buffer.concat([this.buffer, data]);
    if (!this.upgraded) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString();
      assert.match(head, /^HTTP\/1\.1 101/, head);
      this.upgraded = true;
      this.buffer = this.buffer.subarray(end + 4);
    }
    for (;;) {
      if (this.buffer.length < 2) return;
      const opcode = this.buffer[0] & 0x0f;
      let length = this.buffer[1] & 0x7f;
      let at = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        at = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        at = 10;
      }
      if (this.buffer.length < at + length) return;
      const payload = this.buffer.subarray(at, at + length);
      this.buffer = this.buffer.subarray(at + length);
      if (opcode === 0x1) this.messages.push(JSON.parse(payload.toString()));
      else if (opcode === 0x9) this.frame(0xa, payload);
      else if (opcode === 0x8) this.socket.end();
      this.wake();
    }
  }

  wake() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  /** Sends one frame, masked as a client must. */
  frame(opcode, payload) {
    const mask = randomBytes(4);
    const head = payload.length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]));
    this.socket.write(Buffer.concat([head, mask, masked]));
  }

  /** Sends a client message. */
  send(message) {
    this.frame(0x1, Buffer.from(JSON.stringify(message)));
  }

  /** The next message `pick` accepts (those before it are passed over), within `ms`. */
  async next(pick, what, ms = 20_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.messages.findIndex(pick);
      if (index >= 0) return this.messages.splice(0, index + 1).pop();
      this.messages = [];
      if (this.closed) throw new Error(`the connection closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise((woken) => {
        const timer = setTimeout(woken, left);
        this.waiting = () => {
          clearTimeout(timer);
          woken();
        };
      });
    }
  }

  /** Leaves at once, as a device losing its network or an app killed would (no close frame). */
  drop() {
    this.socket.destroy();
  }
}
