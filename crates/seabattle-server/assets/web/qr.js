// A small QR code encoder (ISO/IEC 18004): byte mode, error correction level L,
// versions 1 to 6 (up to 134 bytes, plenty for a game link), mask 0. Returns an SVG.
const BLOCKS = [null, [1, 19, 7], [1, 34, 10], [1, 55, 15], [1, 80, 20], [1, 108, 26], [2, 68, 18]];

function mul(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i--) { z = (z << 1) ^ ((z >>> 7) * 0x11d); z ^= ((y >>> i) & 1) * x; }
  return z & 0xff;
}

function rsRemainder(data, degree) {
  const div = new Array(degree).fill(0);
  div[degree - 1] = 1;
  for (let i = 0, root = 1; i < degree; i++, root = mul(root, 2))
    for (let j = 0; j < degree; j++) { div[j] = mul(div[j], root); if (j + 1 < degree) div[j] ^= div[j + 1]; }
  const out = new Array(degree).fill(0);
  for (const b of data) {
    const f = b ^ out.shift();
    out.push(0);
    div.forEach((c, i) => { out[i] ^= mul(c, f); });
  }
  return out;
}

// The codewords of `bytes` for `version`: data with padding, then error correction,
// interleaved block by block.
function codewords(bytes, version) {
  const [nb, dlen, ec] = BLOCKS[version], cap = nb * dlen, bits = [];
  const put = (v, n) => { for (let i = n - 1; i >= 0; i--) bits.push((v >>> i) & 1); };
  put(4, 4); put(bytes.length, 8); bytes.forEach(b => put(b, 8));
  put(0, Math.min(4, cap * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => a * 2 + b, 0));
  for (let p = 0xec; data.length < cap; p ^= 0xec ^ 0x11) data.push(p);
  const blocks = [...Array(nb)].map((_, i) => data.slice(i * dlen, (i + 1) * dlen));
  const ecs = blocks.map(b => rsRemainder(b, ec)), out = [];
  for (let i = 0; i < dlen; i++) blocks.forEach(b => out.push(b[i]));
  for (let i = 0; i < ec; i++) ecs.forEach(b => out.push(b[i]));
  return out;
}

// The module matrix (true = dark) for `text`, or null if it is too long.
export function qrMatrix(text) {
  const bytes = [...new TextEncoder().encode(text)];
  const version = BLOCKS.findIndex(b => b && b[0] * b[1] >= bytes.length + 2);
  if (version < 1) return null;
  const n = 17 + 4 * version, m = [...Array(n)].map(() => new Array(n).fill(false));
  const fn = [...Array(n)].map(() => new Array(n).fill(false));
  const set = (x, y, v) => { m[y][x] = v; fn[y][x] = true; };
  for (let i = 0; i < n; i++) { set(6, i, i % 2 === 0); set(i, 6, i % 2 === 0); }
  const finder = (cx, cy) => {
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) {
      const x = cx + dx, y = cy + dy, d = Math.max(Math.abs(dx), Math.abs(dy));
      if (x >= 0 && y >= 0 && x < n && y < n) set(x, y, d !== 2 && d !== 4);
    }
  };
  finder(3, 3); finder(n - 4, 3); finder(3, n - 4);
  if (version > 1) {
    const a = 4 * version + 10;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(a + dx, a + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }
  // Format: level L (01), mask 0, with its BCH code.
  let rem = 1 << 3;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const f = ((1 << 3) << 10 | rem) ^ 0x5412, bit = i => ((f >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6)); set(8, 8, bit(7)); set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(n - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, n - 15 + i, bit(i));
  set(8, n - 8, true);
  const words = codewords(bytes, version);
  let i = 0;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let v = 0; v < n; v++) for (let j = 0; j < 2; j++) {
      const x = right - j, y = ((right + 1) & 2) === 0 ? n - 1 - v : v;
      if (fn[y][x]) continue;
      const dark = i < words.length * 8 && ((words[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
      i++;
      m[y][x] = dark !== ((x + y) % 2 === 0);
    }
  }
  return m;
}

// An SVG of the code for `text`, with the quiet zone.
export function qrSvg(text, title) {
  const m = qrMatrix(text);
  if (!m) return '';
  const n = m.length, q = 4;
  let d = '';
  m.forEach((row, y) => row.forEach((v, x) => { if (v) d += `M${x + q} ${y + q}h1v1h-1z`; }));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n + 2 * q} ${n + 2 * q}" role="img" aria-label="${title}" class="qr" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
}
