import { describe, expect, it } from 'vitest';
import { answerSpeech, chooseVoice, controlSpeech, errorSpeech, stepSpeech, type SpeechWords } from './speech-text';

const words: SpeechWords = {
  button: 'button',
  field: 'text field',
  checkbox: 'checkbox',
  radio: 'option',
  switch: 'switch',
  link: 'link',
  selected: 'selected',
  notSelected: 'not selected',
  on: 'on',
  off: 'off',
  empty: 'empty',
  error: 'Error',
};

describe('voice choice', () => {
  const voices = [
    { name: 'Google US English', lang: 'en-US', default: true },
    { name: 'Maged', lang: 'ar-SA', localService: false },
    { name: 'Tarik', lang: 'ar_EG', localService: true },
  ];
  it('takes a voice of the visitor language, an offline one first', () => {
    expect(chooseVoice(voices, 'ar')?.name).toBe('Tarik');
    expect(chooseVoice(voices, 'en')?.name).toBe('Google US English');
  });
  it('finds none when the device has no voice of that language', () => {
    expect(chooseVoice(voices, 'es')).toBeNull();
    expect(chooseVoice([], 'en')).toBeNull();
  });
});

describe('what is read', () => {
  it('a step: its title and its question, once each', () => {
    expect(stepSpeech('Health declaration', '  Please answer\n each question ')).toBe(
      'Health declaration. Please answer each question.',
    );
    expect(stepSpeech('Welcome', 'Welcome')).toBe('Welcome.');
    expect(stepSpeech('هل أنت بخير؟', null)).toBe('هل أنت بخير؟');
  });
  it('a focused control: question, name, kind and state', () => {
    expect(controlSpeech({ kind: 'radio', name: 'Yes', group: 'Are you well?', checked: false }, words)).toBe(
      'Are you well? Yes, option. not selected.',
    );
    expect(controlSpeech({ kind: 'field', name: 'First name', value: '' }, words)).toBe(
      'First name, text field. empty.',
    );
    expect(controlSpeech({ kind: 'button', name: 'Next' }, words)).toBe('Next, button.');
    expect(controlSpeech({ kind: 'field', name: 'Email', value: 'x', error: 'Not an email' }, words)).toBe(
      'Email, text field. x. Error: Not an email.',
    );
  });
  it('an answer and an error', () => {
    expect(answerSpeech({ kind: 'checkbox', name: 'I agree', checked: true }, words)).toBe('I agree. selected.');
    expect(answerSpeech({ kind: 'field', name: 'Temperature', value: '36.4' }, words)).toBe('Temperature. 36.4.');
    expect(errorSpeech('Required', words)).toBe('Error: Required.');
  });
});
