// The warning's sound (the second sense besides the screen): two short tones through Web Audio,
// no sound file to download or cache. Silent where the device has no audio.
let context: AudioContext | null = null;

export function beep(): boolean {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const start of [0, 0.35]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.4, now + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.25);
      tone.connect(gain).connect(context.destination);
      tone.start(now + start);
      tone.stop(now + start + 0.3);
    }
    void context.resume();
    return true;
  } catch {
    return false;
  }
}
