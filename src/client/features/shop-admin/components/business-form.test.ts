import { describe, expect, it } from 'vitest';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { businessFormSchema } from './business-form-schema.ts';
import { initialValues, toBody, type BusinessFormValues } from './business-form-values.ts';
import { preview } from './BusinessesTable.tsx';

/** The errors the shop form shows for a new shop with these values changed. */
function errorsFor(changes: Partial<BusinessFormValues>) {
  const values = {
    ...initialValues(null, 0),
    name: 'Bean',
    description: 'Coffee',
    address: 'Main St',
  };
  return zodResolver(businessFormSchema)({ ...values, ...changes });
}

describe('the shop form', () => {
  it('cuts descriptions to 50 characters plus an ellipsis', () => {
    expect(preview('a'.repeat(50))).toBe('a'.repeat(50));
    expect(preview('b'.repeat(51))).toBe(`${'b'.repeat(50)}...`);
  });

  it('passes a filled-in new shop', () => {
    expect(errorsFor({})).toEqual({});
  });

  it('asks for the required fields with their own messages', () => {
    expect(errorsFor({ name: ' ', description: '', address: '' })).toEqual({
      name: 'Business name is required',
      description: 'Business description is required',
      address: 'Address is required',
    });
  });

  it("checks an optional code with the contract's messages", () => {
    const codeError = (redemptionCode: string) => errorsFor({ redemptionCode }).redemptionCode;
    expect(codeError('')).toBeUndefined();
    expect(codeError('0420')).toBeUndefined();
    expect(codeError('042')).toBe('Redemption code must be at least 4 characters');
    expect(codeError('04200')).toBe('Redemption code must be exactly 4 characters');
    expect(codeError('04a0')).toBe('Redemption code must be 4 digits');
  });

  it("checks a place with the contract's messages: both or neither, each in range", () => {
    const pair =
      'Latitude and longitude go together: give both, or neither to leave the shop off the map';
    expect(errorsFor({ latitude: '', longitude: '' })).toEqual({});
    expect(errorsFor({ latitude: 34.73, longitude: -86.59 })).toEqual({});
    expect(errorsFor({ latitude: '', longitude: -86.59 })).toEqual({ latitude: pair });
    expect(errorsFor({ latitude: 90.5, longitude: 0 })).toEqual({
      latitude: 'Latitude must be a number from -90 to 90',
    });
    expect(errorsFor({ latitude: '-', longitude: '' })).toEqual({
      latitude: 'Latitude must be a number from -90 to 90',
      longitude: pair,
    });
    expect(errorsFor({ latitude: 0, longitude: -180.5 })).toEqual({
      longitude: 'Longitude must be a number from -180 to 180',
    });
    // The pair is still told while another field is wrong.
    expect(errorsFor({ dailyCap: '-', latitude: '', longitude: 5 })).toEqual({
      dailyCap: 'Daily cap must be a whole number of at least 1, or none',
      latitude: pair,
    });
  });

  it('takes an empty daily cap as no cap, else a whole number of at least 1', () => {
    expect(errorsFor({ dailyCap: '' })).toEqual({});
    expect(errorsFor({ dailyCap: 20 })).toEqual({});
    expect(errorsFor({ dailyCap: 0 }).dailyCap).toBe(
      'Daily cap must be a whole number of at least 1, or none',
    );
  });

  it('asks for both times of an open day once the week was touched', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      open: day !== 2,
      from: '07:00',
      to: '15:00',
    }));
    expect(errorsFor({ week })).toEqual({});
    expect(
      errorsFor({ week: week.map((day, index) => (index === 1 ? { ...day, to: '' } : day)) }),
    ).toEqual({
      week: 'Choose when Tuesday opens and closes, or mark it closed',
    });
  });

  it('sends the hours labels of the hours it saves: a label the week no longer has is dropped', () => {
    const every = () =>
      [0, 1, 2, 3, 4, 5, 6].map(() => ({ open: true, from: '07:00', to: '15:00' }));
    const values = {
      ...initialValues(null, 0),
      week: every(),
      translations: {
        es: {
          name: 'Grano',
          hoursLabels: JSON.stringify({ 'Monday - Sunday': 'Todos los días', Saturday: 'Sábado' }),
        },
      },
    };
    expect(toBody(values).translations).toEqual({
      es: { name: 'Grano', hoursLabels: '{"Monday - Sunday":"Todos los días"}' },
    });
    const weekdays = every().map((day, index) => ({ ...day, open: index < 5 }));
    expect(toBody({ ...values, week: weekdays }).translations).toEqual({
      es: { name: 'Grano' },
    });
  });
});
