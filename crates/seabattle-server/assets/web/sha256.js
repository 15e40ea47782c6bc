// @ts-check
// SHA-256 of a UTF-8 string as hex: crypto.subtle where the page is a secure context,
// else a small implementation of FIPS 180-4 (plain http on another host has no subtle).
/** @type {number[]} */
const K = [];
for (let i = 2, n = 0; n < 64; i++) {
  if ([...Array(i).keys()].slice(2).some(p => i % p === 0)) continue; // the first 64 primes
  K[n++] = (Math.cbrt(i) % 1) * 2 ** 32 | 0;
}

/** @param {Uint8Array} bytes */
function fallback(bytes) {
  const H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const len = bytes.length, total = ((len + 9 + 63) >> 6) << 6, m = new Uint8Array(total);
  m.set(bytes); m[len] = 0x80;
  const dv = new DataView(m.buffer);
  dv.setUint32(total - 4, len * 8); dv.setUint32(total - 8, Math.floor(len / 2 ** 29));
  const w = new Int32Array(64), ror = (/** @type {number} */ x, /** @type {number} */ n) => (x >>> n) | (x << (32 - n));
  for (let o = 0; o < total; o += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getInt32(o + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15], b = w[i - 2];
      w[i] = (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) + w[i - 7] + (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10)) + w[i - 16] | 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i] | 0;
      const t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c)) | 0;
      h = g; g = f; f = e; e = d + t1 | 0; d = c; c = b; b = a; a = t1 + t2 | 0;
    }
    [a, b, c, d, e, f, g, h].forEach((x, i) => { H[i] = H[i] + x | 0; });
  }
  return H.map(x => (x >>> 0).toString(16).padStart(8, '0')).join('');
}

// The hex digest and which implementation made it.
/** @param {string} text @returns {Promise<string>} */
export async function sha256(text) {
  const bytes = new TextEncoder().encode(text);
  if (globalThis.crypto?.subtle) {
    const d = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(d)].map(b => b.toString(16).padStart(2, '0')).join('');
  }
  return fallback(bytes);
}
/** @type {(text: string) => string} */
export const sha256Fallback = text => fallback(new TextEncoder().encode(text));
