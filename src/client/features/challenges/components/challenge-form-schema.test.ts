import { describe, expect, it } from 'vitest';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { challengeFormValues } from '#tests/helpers/challenge-form.ts';
import { challengeFormSchema } from './challenge-form-schema.ts';

const validate = zodResolver(challengeFormSchema);

const valid = challengeFormValues();

describe('the challenge form', () => {
  it('accepts a whole challenge', () => {
    expect(validate(valid)).toEqual({});
  });

  it("tells each wrong field the spec's message at once", () => {
    expect(
      validate({
        ...valid,
        title: '  ',
        description: '',
        startDate: '',
        endDate: '',
        timeZone: '',
        price: '',
        votesPerShop: 0,
        standingsFreezeHours: 1.5,
        reminderHoursBeforeEnd: -1,
      }),
    ).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
      timeZone: 'Time zone is required',
      price: 'Price must be a valid number',
      votesPerShop: 'Votes per shop must be a whole number of at least 1, or unlimited',
      standingsFreezeHours: 'Standings freeze must be a whole number of hours, 0 or more',
      reminderHoursBeforeEnd: 'Reminder must be a whole number of hours, 0 or more',
    });
  });

  it('refuses an end before the start, even beside another wrong field', () => {
    expect(validate({ ...valid, endDate: '2026-11-30T23:59', title: '' })).toEqual({
      title: 'Title is required',
      endDate: 'End date must be after the start date',
    });
  });

  it('refuses a theme label longer than the theme, in the main language and in another', () => {
    expect(validate({ ...valid, themeLabel: 'Café con leche' })).toEqual({});
    expect(
      validate({
        ...valid,
        themeLabel: 'x'.repeat(51),
        translations: { es: { title: '', themeLabel: 'y'.repeat(51) } },
      }),
    ).toEqual({
      themeLabel: 'Theme label is too long',
      'translations.es.themeLabel': 'Theme label is too long',
    });
  });

  it('needs no vote count when votes are unlimited', () => {
    expect(validate({ ...valid, unlimitedVotes: true, votesPerShop: '' })).toEqual({});
  });
});
