// @ts-check
// The key this browser's player plays under against the computer (what it learns is
// kept under it): made on the first visit and kept.
// 32 random bytes in base64url: 43 characters, made on the first visit and kept.
export function playerKey() {
  let key = localStorage.getItem('sb.player');
  if (!key || !/^[A-Za-z0-9_-]{22,64}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem('sb.player', key);
  }
  return key;
}
