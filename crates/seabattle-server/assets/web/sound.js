// Short synthesized answers with Web Audio: no audio files. Muted when `sb.mute` is set.
let ctx;
export const muted = () => localStorage.getItem('sb.mute') === '1';

function tone(freq, start, dur, type = 'sine', to = freq) {
  const o = ctx.createOscillator(), g = ctx.createGain(), t0 = ctx.currentTime + start;
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  o.frequency.exponentialRampToValueAtTime(to, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(0.25, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(ctx.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

// Plays the sound of an answer: `miss`, `hit` or `sunk`.
export function play(answer) {
  if (muted() || !window.AudioContext) return;
  ctx ??= new AudioContext();
  if (answer === 'miss') tone(300, 0, 0.25, 'sine', 90);
  else if (answer === 'hit') { tone(160, 0, 0.18, 'square', 60); tone(700, 0, 0.1, 'triangle', 300); }
  else { tone(520, 0, 0.15, 'triangle'); tone(390, 0.15, 0.15, 'triangle'); tone(260, 0.3, 0.35, 'triangle', 130); }
}
