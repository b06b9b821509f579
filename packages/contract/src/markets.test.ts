import { describe, expect, it } from 'vitest';
import {
  contentLanguageOf,
  isValidPhone,
  localised,
  localisedTexts,
  languageOfBrowserLanguages,
  marketOfBrowserLanguages,
  marketOfPhone,
  registrationSchema,
} from './index';

describe('the market of a browser', () => {
  it.each([
    [['nb-NO', 'en'], 'no'],
    [['nn'], 'no'],
    [['no'], 'no'],
    [['da-DK'], 'dk'],
    [['da'], 'dk'],
    [['sv-SE'], 'se'],
    [['sv'], 'se'],
    [['et-EE'], 'ee'],
    [['fi-FI'], 'fi'],
    [['en-SE', 'en'], 'se'],
    [['sv-FI'], 'fi'],
    [['en-GB', 'da'], 'dk'],
  ])('%j points to %s', (tags, market) => {
    expect(marketOfBrowserLanguages(tags)).toBe(market);
  });

  it('points nowhere for a browser without a market of its own', () => {
    expect(marketOfBrowserLanguages(['en-GB', 'en'])).toBeNull();
    expect(marketOfBrowserLanguages([])).toBeNull();
  });

  it('speaks the first language the app has', () => {
    expect(languageOfBrowserLanguages(['nb-NO'])).toBe('no');
    expect(languageOfBrowserLanguages(['et'])).toBe('ee');
    expect(languageOfBrowserLanguages(['da-DK'])).toBe('dk');
    expect(languageOfBrowserLanguages(['ja', 'en-US'])).toBe('en');
    expect(languageOfBrowserLanguages(['ja'])).toBeNull();
  });
});

describe('the market of a phone number', () => {
  it.each([
    ['+358400000001', 'fi'],
    ['+37250000001', 'ee'],
    ['+4740000001', 'no'],
    ['+4520000001', 'dk'],
    ['+46700000001', 'se'],
    ['+4915112345678', null],
  ])('%s belongs to %s', (phone, market) => {
    expect(marketOfPhone(phone)).toBe(market);
  });
});

describe('phone length by country', () => {
  it.each(['+358401234567', '+37251234567', '+4740000001', '+4520000001', '+46701234567'])(
    'accepts %s',
    (phone) => expect(isValidPhone(phone)).toBe(true),
  );
  it.each(['+358123', '+47400000011', '+474000000', '+452000000', '+3725123', '+4670123456789'])(
    'refuses %s',
    (phone) => expect(isValidPhone(phone)).toBe(false),
  );

  it('refuses to register a number too short for its country', () => {
    const result = registrationSchema.safeParse({
      phone: '+358123',
      firstname: 'A',
      lastname: 'B',
      email: 'a@b.fi',
      password: 'Abcdefg1',
      terms_accepted: true,
    });
    expect(result.success).toBe(false);
  });
});

describe('content in the customer language', () => {
  it('reads the language an API request asks for', () => {
    expect(contentLanguageOf('nb-NO,nb;q=0.9,en;q=0.5')).toBe('no');
    expect(contentLanguageOf('et')).toBe('ee');
    expect(contentLanguageOf('ja, zh')).toBeNull();
    expect(contentLanguageOf(undefined)).toBeNull();
  });

  it("falls back to the market's own text", () => {
    const translations = { en: { title: 'Haircut' } };
    expect(localised('Hårklipp', translations, 'en', 'title')).toBe('Haircut');
    expect(localised('Hårklipp', translations, 'de', 'title')).toBe('Hårklipp');
    expect(localised('Hårklipp', null, null, 'title')).toBe('Hårklipp');
  });

  it("falls back to English where the market's own text is empty", () => {
    const translations = { en: { details: 'A classic cut' } };
    expect(localised('', translations, 'sv', 'details')).toBe('A classic cut');
    expect(localised('', null, 'sv', 'details')).toBe('');
  });

  it('gives a card wholly in one language, never a mix', () => {
    const base = { title: 'Hårklipp', details: 'Klassisk' };
    const whole = { en: { title: 'Haircut', details: 'Classic' } };
    expect(localisedTexts(base, whole, 'en')).toEqual({ title: 'Haircut', details: 'Classic' });
    // A title without its description: the whole card stays in the market's language.
    const half = { en: { title: 'Haircut' } };
    expect(localisedTexts(base, half, 'en')).toEqual(base);
    expect(localisedTexts(base, whole, null)).toEqual(base);
    // A text the market's language leaves empty needs no translation.
    expect(localisedTexts({ title: 'Hårklipp', details: '' }, half, 'en')).toEqual({
      title: 'Haircut',
      details: '',
    });
  });
});
