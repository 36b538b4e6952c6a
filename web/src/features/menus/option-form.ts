import { z } from 'zod';
import { moneyInputText, parseMoney } from '../../../../shared/money.ts';
import { dietClash } from '../../../../shared/diets.ts';
import { choiceKind, MAX_OPTIONS_PER_GROUP, type ChoiceRule } from '../../../../shared/option-groups.ts';
import { zOptionGroupName, zOptionName } from '../../../../shared/schemas/options.ts';
import type { Option, OptionGroup } from './option-data.ts';

/**
 * The forms of the option group editor: a group's name, description and choice rule, and one
 * option's name, price delta, allergens, labels and availability. Amounts are typed text in the
 * organization's currency until saved as minor units (shared/money.ts); messages are
 * `menus:validation.*` keys or the shared English texts, shown through `errorText`.
 */

export interface OptionGroupFormValues {
  name: string;
  description: string;
  /** Typed counts; '' reads as 0. */
  minChoices: string;
  maxChoices: string;
}

const count = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) <= MAX_OPTIONS_PER_GROUP), 'menus:validation.choiceCount');

export const optionGroupFormSchema = z
  .object({
    name: zOptionGroupName.max(100, 'menus:validation.groupNameTooLong'),
    description: z.string().max(500, 'menus:validation.descriptionTooLong'),
    minChoices: count,
    maxChoices: count,
  })
  .superRefine((v, ctx) => {
    const rule = choiceRuleOf(v);
    if (rule.maxChoices !== 0 && rule.maxChoices < rule.minChoices)
      ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: 'menus:validation.maxBelowMin' });
  });

export function choiceRuleOf(values: Pick<OptionGroupFormValues, 'minChoices' | 'maxChoices'>): ChoiceRule {
  const n = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : 0);
  return { minChoices: n(values.minChoices), maxChoices: n(values.maxChoices) };
}

export function optionGroupFormValues(group: OptionGroup | null): OptionGroupFormValues {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    minChoices: String(group?.minChoices ?? 0),
    maxChoices: String(group?.maxChoices ?? 0),
  };
}

export function optionGroupBody(values: OptionGroupFormValues): Record<string, unknown> {
  return { name: values.name.trim(), description: values.description.trim(), ...choiceRuleOf(values) };
}

/**
 * How a group's rule reads for staff, as a `menus:` key and its values: "Optional", "Optional, up
 * to 3", "Required: choose 1", "Required: 1 to 2" … (the same cases the guest page words).
 */
export function choiceSummary(rule: ChoiceRule): { key: string; values: Record<string, number> } {
  const kind = choiceKind(rule);
  switch (kind.kind) {
    case 'any':
      return { key: 'optionGroups.rule.any', values: {} };
    case 'upTo':
      return { key: 'optionGroups.rule.upTo', values: { count: kind.n } };
    case 'exactly':
      return { key: 'optionGroups.rule.exactly', values: { count: kind.n } };
    case 'atLeast':
      return { key: 'optionGroups.rule.atLeast', values: { count: kind.n } };
    case 'range':
      return { key: 'optionGroups.rule.range', values: { min: kind.min, max: kind.max } };
  }
}

export interface OptionFormValues {
  name: string;
  /** Typed amount in the currency ("1.50"); '' is free. */
  priceDelta: string;
  allergens: string[];
  mayContain: string[];
  diets: string[];
  available: boolean;
}

export function optionFormSchema(currency: string) {
  return z
    .object({
      name: zOptionName.max(100, 'menus:validation.optionNameTooLong'),
      priceDelta: z.string().refine((v) => v.trim() === '' || parseMoney(v, currency) !== null, 'menus:validation.priceDelta'),
      allergens: z.array(z.string()),
      mayContain: z.array(z.string()),
      diets: z.array(z.string()),
      available: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const message = dietClashMessage(v.diets, v.allergens);
      if (message) ctx.addIssue({ code: 'custom', path: ['diets'], message });
    });
}

/**
 * Whether the labels clash with each other or the allergens (the server's rule, shared/diets.ts):
 * the form refuses to save with this key, and the label picker says what clashes while ticking.
 */
export function dietClashMessage(diets: readonly string[], allergens: readonly string[]): string | undefined {
  return dietClash(diets, allergens) ? DIET_CLASH : undefined;
}
export const DIET_CLASH = 'menus:validation.dietClash';

export function optionFormValues(option: Option | null, currency: string, locale?: string): OptionFormValues {
  return {
    name: option?.name ?? '',
    priceDelta: option && option.priceDelta ? moneyInputText(option.priceDelta, currency, locale) : '',
    allergens: option?.allergens ?? [],
    mayContain: option?.mayContain ?? [],
    diets: option?.diets ?? [],
    available: option ? option.available : true,
  };
}

export function optionBody(values: OptionFormValues, currency: string): Record<string, unknown> {
  return {
    name: values.name.trim(),
    priceDelta: values.priceDelta.trim() === '' ? 0 : (parseMoney(values.priceDelta, currency) ?? 0),
    allergens: values.allergens,
    mayContain: values.mayContain.filter((a) => !values.allergens.includes(a)),
    diets: values.diets,
    available: values.available,
  };
}
