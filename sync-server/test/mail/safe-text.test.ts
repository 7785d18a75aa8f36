import { describe, expect, it } from 'vitest';
import { nameForMail } from '../../src/mail/safe-text.js';

describe('nameForMail', () => {
  it('keeps ordinary names, on one line', () => {
    for (const name of ['Harbour Lettings', 'Smith & Co. Ltd', "St. Mary's Trust", 'Ünïcødé GmbH', "O'Brien-Smith Lettings"]) expect(nameForMail(name, '-')).toBe(name);
    expect(nameForMail('Acme\r\nLettings\u202e', '-')).toBe('Acme Lettings');
  });

  it('leaves out a name with anything link-like, whole', () => {
    for (const name of [
      'Acme – verify at http://evil.example',
      'evil.example',
      'Support www evil',
      'mail me: x@y.test',
      'login at 10.0.0.1',
      'evil[.]example',
      'evil(dot)example',
      'hxxps evil',
      '//evil',
      'x'.repeat(81),
      '   ',
    ])
      expect(nameForMail(name, 'an organization'), name).toBe('an organization');
  });
});
