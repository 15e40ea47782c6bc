// @ts-check
// The answers heard: a splash, a hit and a sinking synthesized with Web Audio (no audio
// files), and the answer spoken by the browser's speech synthesis in the page's
// language («Мимо!», «Ранил!», «Убил!»). One switch («Звук», `sb.mute`) silences both.
import { lang } from './i18n.js';

/** @type {AudioContext} */
let ctx;
/** @type {AudioBuffer} */
let noise;
export const muted = () => localStorage.getItem('sb.mute') === '1';

// A second of white noise, shaped by filters into water and fire.
function noiseBuffer() {
  if (noise) return noise;
  noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const d = noise.getChannelData(0);
  for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  return noise;
}

// Noise through a filter sweeping from `f0` to `f1` Hz, rising fast and fading over `dur`.
/** @param {number} start @param {number} dur @param {number} f0 @param {number} f1 @param {BiquadFilterType} type @param {number} vol @param {number} q */
function burst(start, dur, f0, f1, type = 'bandpass', vol = 0.5, q = 1) {
  const src = ctx.createBufferSource(), f = ctx.createBiquadFilter(), g = ctx.createGain(), t0 = ctx.currentTime + start;
  src.buffer = noiseBuffer();
  src.loop = true;
  f.type = type;
  f.Q.value = q;
  f.frequency.setValueAtTime(f0, t0);
  f.frequency.exponentialRampToValueAtTime(f1, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(vol, t0 + 0.02);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  src.connect(f).connect(g).connect(ctx.destination);
  src.start(t0);
  src.stop(t0 + dur + 0.05);
}

// A low thump: a sine falling in pitch.
/** @param {number} start @param {number} dur @param {number} f0 @param {number} f1 @param {number} vol */
function thump(start, dur, f0, f1, vol = 0.6) {
  const o = ctx.createOscillator(), g = ctx.createGain(), t0 = ctx.currentTime + start;
  o.frequency.setValueAtTime(f0, t0);
  o.frequency.exponentialRampToValueAtTime(f1, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(vol, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(ctx.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.05);
}

// Plays the sound of an answer: `miss` a splash, `hit` a blast, `sunk` a blast and the
// ship going down with its bubbles; the pieces' answers sound as a hit.
/** @param {'miss' | 'hit' | 'sunk'} answer */
export function play(answer) {
  if (muted() || !window.AudioContext) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') ctx.resume();
    if (answer === 'miss') { burst(0, 0.5, 2500, 400, 'bandpass', 0.45, 0.8); burst(0.05, 0.35, 900, 200, 'lowpass', 0.3); }
    else if (answer !== 'sunk') { thump(0, 0.35, 150, 40); burst(0, 0.45, 3000, 300, 'lowpass', 0.5); }
    else {
      thump(0, 0.5, 120, 30, 0.7);
      burst(0, 0.5, 3000, 300, 'lowpass', 0.5);
      burst(0.35, 1.2, 600, 80, 'lowpass', 0.35);
      for (let i = 0; i < 5; i++) thump(0.5 + i * 0.15, 0.08, 300 + 120 * i, 700 + 150 * i, 0.12);
    }
  } catch { /* no sound is no harm */ }
}

// Says `text` aloud in the page's language, the last answer replacing one not yet said.
/** @param {string} text */
export function speak(text) {
  if (muted() || !window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang === 'ru' ? 'ru-RU' : 'en-US';
  u.rate = 1.15;
  const v = speechSynthesis.getVoices().find(x => x.lang?.startsWith(lang));
  if (v) u.voice = v;
  // Answers not yet begun give way to the newest (a quick streak does not lag behind).
  if (speechSynthesis.pending) speechSynthesis.cancel();
  speechSynthesis.speak(u);
}
