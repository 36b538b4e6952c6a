import { describe, expect, it } from 'vitest';
import {
  choiceRuleOf,
  choiceSummary,
  DIET_CLASH,
  optionBody,
  optionFormSchema,
  optionFormValues,
  optionGroupBody,
  optionGroupFormSchema,
  optionGroupFormValues,
} from './option-form.ts';
import { toOption, toOptionGroup, usageByGroup, usedBy } from './option-data.ts';

const cheese = toOption({
  id: 'opt000000000001',
  collectionId: 'c',
  collectionName: 'options',
  group: 'grp000000000001',
  name: 'Mozzarella',
  priceDelta: 150,
  allergens: ['milk'],
  mayContain: [],
  diets: ['vegetarian'],
  available: true,
  position: 0,
});

describe('option group form', () => {
  it('reads a group and writes its rule as numbers', () => {
    const group = toOptionGroup({
      id: 'g',
      collectionId: 'c',
      collectionName: 'option_groups',
      name: 'Side',
      minChoices: 1,
      maxChoices: 2,
    });
    const values = optionGroupFormValues(group);
    expect(values).toEqual({ name: 'Side', description: '', minChoices: '1', maxChoices: '2' });
    expect(optionGroupBody({ ...values, name: ' Side ', maxChoices: '' })).toEqual({
      name: 'Side',
      description: '',
      minChoices: 1,
      maxChoices: 0,
    });
  });

  it.each([
    [{ name: '', minChoices: '0', maxChoices: '0' }, 'name', 'Group name is required'],
    [{ name: 'Side', minChoices: '2', maxChoices: '1' }, 'maxChoices', 'menus:validation.maxBelowMin'],
    [{ name: 'Side', minChoices: '-1', maxChoices: '0' }, 'minChoices', 'menus:validation.choiceCount'],
    [{ name: 'Side', minChoices: '0', maxChoices: '51' }, 'maxChoices', 'menus:validation.choiceCount'],
    [{ name: 'Side', minChoices: '1.5', maxChoices: '0' }, 'minChoices', 'menus:validation.choiceCount'],
  ])('refuses %j at %s', (input, field, message) => {
    const result = optionGroupFormSchema.safeParse({ description: '', ...input });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('accepts "up to 3" and "exactly 1" and words them for staff', () => {
    expect(optionGroupFormSchema.safeParse({ name: 'Extras', description: '', minChoices: '0', maxChoices: '3' }).success).toBe(true);
    expect(choiceSummary(choiceRuleOf({ minChoices: '', maxChoices: '' }))).toEqual({ key: 'optionGroups.rule.any', values: {} });
    expect(choiceSummary({ minChoices: 0, maxChoices: 3 })).toEqual({ key: 'optionGroups.rule.upTo', values: { count: 3 } });
    expect(choiceSummary({ minChoices: 1, maxChoices: 1 })).toEqual({ key: 'optionGroups.rule.exactly', values: { count: 1 } });
    expect(choiceSummary({ minChoices: 2, maxChoices: 0 })).toEqual({ key: 'optionGroups.rule.atLeast', values: { count: 2 } });
    expect(choiceSummary({ minChoices: 1, maxChoices: 3 })).toEqual({ key: 'optionGroups.rule.range', values: { min: 1, max: 3 } });
  });
});

describe('option form', () => {
  it('turns an option into typed text in the currency and back into minor units (JPY has no decimals, KWD three)', () => {
    expect(optionFormValues(cheese, 'EUR').priceDelta).toBe('1.50');
    expect(optionFormValues(cheese, 'JPY').priceDelta).toBe('150');
    expect(optionFormValues(cheese, 'KWD').priceDelta).toBe('0.150');
    expect(optionFormValues({ ...cheese, priceDelta: 0 }, 'EUR').priceDelta).toBe('');
    const values = optionFormValues(cheese, 'EUR');
    expect(optionBody({ ...values, priceDelta: '2,5', mayContain: ['milk', 'nuts'] }, 'EUR')).toEqual({
      name: 'Mozzarella',
      priceDelta: 250,
      allergens: ['milk'],
      mayContain: ['nuts'],
      diets: ['vegetarian'],
      available: true,
    });
    expect(optionBody({ ...values, priceDelta: '1200' }, 'JPY').priceDelta).toBe(1200);
    expect(optionBody({ ...values, priceDelta: ' ' }, 'EUR').priceDelta).toBe(0);
    expect(optionFormValues(null, 'EUR')).toMatchObject({ name: '', available: true, diets: [] });
  });

  it('refuses a bad amount, a discount, a missing name and labels that contradict the allergens', () => {
    const schema = optionFormSchema('EUR');
    const base = optionFormValues(cheese, 'EUR');
    const issue = (v: object) => schema.safeParse({ ...base, ...v }).error?.issues[0];
    expect(schema.safeParse(base).success).toBe(true);
    expect(issue({ priceDelta: 'lots' })?.path).toEqual(['priceDelta']);
    expect(issue({ priceDelta: '-1' })?.path).toEqual(['priceDelta']);
    expect(issue({ name: ' ' })?.message).toBe('Option name is required');
    expect(issue({ diets: ['vegan'] })).toMatchObject({ path: ['diets'], message: DIET_CLASH });
    expect(issue({ diets: ['spicy-1', 'spicy-2'] })).toMatchObject({ path: ['diets'], message: DIET_CLASH });
  });

  it('counts the items using each group once per item, the edited one as its form says', () => {
    const usage = usageByGroup([
      { id: 'i1', groups: ['a', 'b'] },
      { id: 'i2', groups: ['a'] },
      { id: 'i3', groups: [] },
      { id: 'i4', groups: ['a', 'a'] },
    ]);
    expect(usage).toEqual({ a: ['i1', 'i2', 'i4'], b: ['i1'] });
    expect(usedBy(usage, 'a', 'i1', true)).toBe(3);
    expect(usedBy(usage, 'a', 'i1', false)).toBe(2);
    expect(usedBy(usage, 'b', null, true)).toBe(2);
    expect(usedBy(undefined, 'b', 'i3', true)).toBe(1);
  });
});
